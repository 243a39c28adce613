import { execFileSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './e2e/chromium.ts';

/*
 * End-to-end tests against the built web app served by the real server on a throwaway SQLite
 * file (see e2e/serve.ts). Each worker runs against a server and a database of its own, so that
 * workers can run spec files side by side: no spec sees another's players, rooms or queue, and the one spec that
 * moves a server's clock (e2e/arenas.e2e.ts) moves only its own worker's. The ports are chosen
 * once, in the runner, and handed to the workers through the environment, because every worker
 * evaluates this file again; the operating system picks free ones (port 0), so two runs on one
 * machine never collide. A worker's `parallelIndex` (TEST_PARALLEL_INDEX, set before a worker
 * reads this file, and kept by the worker that replaces a failed one) names its server.
 */
// One for now: with two, on this 2-core machine, two specs ran out of time (a11y.phone, race's
// second tab); see the stop's note. The per-worker servers stay, so two is this one number.
const WORKERS = 1;
const FREE_PORT =
  "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });";
const freePort = () => execFileSync(process.execPath, ['-e', FREE_PORT], { encoding: 'utf8' }).trim();
process.env.E2E_PORTS ??= Array.from({ length: WORKERS }, freePort).join(',');
const ports = process.env.E2E_PORTS.split(',').map(Number);
// In a worker, its own server's port: what specs that build an address themselves read (devices.e2e.ts).
const port = ports[Number(process.env.TEST_PARALLEL_INDEX ?? 0)];
if (port === undefined) throw new Error(`one server per worker: run with at most ${WORKERS} workers`);
process.env.E2E_PORT = String(port);
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.ts',
  outputDir: 'test-results',
  // A spec file's tests run in order in one worker (some build on the one before); files spread.
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
    // The app's service worker would serve a context's later pages from what it kept: each spec
    // sees the network as a first visit does, except e2e/pwa.e2e.ts, which tests the worker.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: '**/*.phone.e2e.ts',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    // A phone with a touchscreen (isMobile, hasTouch) for the specs that play with a finger.
    { name: 'phone', testMatch: '**/*.phone.e2e.ts', use: { ...devices['Pixel 7'] } },
  ],
  // One server per worker; the servers start one after the other, so the first builds the web app
  // alone, unless CI has just built these sources (SCORPION_BUILT, .ci/run).
  webServer: ports.map((port, index) => ({
    command: `${index === 0 && !process.env.SCORPION_BUILT ? 'pnpm --filter @scorpion/web build && ' : ''}node --conditions=source --import tsx e2e/serve.ts`,
    url: `http://127.0.0.1:${port}/api/daily`,
    env: { E2E_PORT: String(port), LOG_LEVEL: 'warn' },
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
  })),
});
