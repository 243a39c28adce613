import { execFileSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './e2e/chromium.ts';

/*
 * End-to-end tests against the built web app served by the real server on a throwaway SQLite
 * file (see e2e/serve.ts). The port is chosen once here and handed to the workers through the
 * environment, because every worker evaluates this file again. The operating system picks a
 * free one (port 0), so two runs on one machine never collide.
 */
const FREE_PORT =
  "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });";
process.env.E2E_PORT ??= execFileSync(process.execPath, ['-e', FREE_PORT], { encoding: 'utf8' }).trim();
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  // Two cores shared with other work: one browser at a time keeps timings honest.
  workers: 1,
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
  webServer: {
    command: `pnpm --filter @scorpion/web build && node --conditions=source --import tsx e2e/serve.ts`,
    url: `${baseURL}/api/daily`,
    env: { E2E_PORT: String(port), LOG_LEVEL: 'warn' },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
