import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { type Browser, type BrowserContext, type CDPSession, chromium, devices, type Locator } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../../e2e/chromium.ts';
import { percentile } from '../server/stats.ts';

/**
 * A player's first visit to the daily on a slow phone, measured in Chromium: the bytes that
 * travel (by kind, as the browser counts them on the wire, headers included) and the time until
 * the board can be played. The web app is built as shipped and served by the real server
 * (`e2e/serve.ts`, on a fresh database). Figures only: nothing here passes or fails on time.
 *
 * Two kinds of first visit, each with an empty HTTP cache and no game today: a player who already
 * has a nickname (its cookie), and a newcomer with no cookie at all, whose Start makes a guest.
 * The visit presses Start, as the player would, and times both: Start pressable after
 * navigation (the page's `start-pressable` mark, taken once the Start screen is painted), and a
 * card movable after the press (from the press's own time to `board-interactive`). Each cold visit is a fresh browser context
 * (its own cache); then one more visit in a named player's context shows what a returning
 * player downloads (their game in play comes back, with no Start to press).
 */
const ROOT = join(import.meta.dirname, '../..');

/** Lighthouse's "slow 4G" phone, as the issue asks: 1.6 Mbps down, 750 kbps up, 150 ms, 4× CPU. */
export const PHONE = {
  latencyMs: 150,
  downloadBitsPerSecond: 1_600_000,
  uploadBitsPerSecond: 750_000,
  cpuSlowdown: 4,
} as const;

export interface VisitFigures {
  /** Bytes received on the wire, headers included, by what the browser loaded. */
  readonly wire: { js: number; css: number; html: number; api: number; other: number; total: number };
  /** The JavaScript once decoded: what the compression saved. */
  readonly jsDecoded: number;
  readonly jsRequests: number;
  /** `Content-Encoding` of each script that came over the network (`identity` when none). */
  readonly jsEncodings: readonly string[];
  /**
   * From navigation start to the board's `board-interactive` mark: the first card can be dragged.
   * On a first visit that is after Start was pressed; on a return, the game in play comes back.
   */
  readonly playableMs: number;
  /** From navigation start until the daily's Start button can be pressed (a first visit only). */
  readonly startPressableMs?: number;
  /** From the press of Start to the `board-interactive` mark (a first visit only). */
  readonly movableAfterStartMs?: number;
  readonly domContentLoadedMs: number;
}

interface Resource {
  type?: string;
  encoding?: string;
  decoded: number;
  wire: number;
}

/** Counts every response of one page through the DevTools protocol, as the Network panel does. */
function recordNetwork(cdp: CDPSession) {
  const resources = new Map<string, Resource>();
  const pending = new Set<string>();
  const at = (id: string) => {
    const known = resources.get(id);
    if (known) return known;
    const r: Resource = { decoded: 0, wire: 0 };
    resources.set(id, r);
    return r;
  };
  cdp.on('Network.requestWillBeSent', (e) => {
    pending.add(e.requestId);
    at(e.requestId).type = e.type;
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = at(e.requestId);
    r.type = e.type;
    const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
    r.encoding = headers['content-encoding'] ?? 'identity';
  });
  cdp.on('Network.dataReceived', (e) => {
    at(e.requestId).decoded += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    at(e.requestId).wire = e.encodedDataLength;
    pending.delete(e.requestId);
  });
  cdp.on('Network.loadingFailed', (e) => pending.delete(e.requestId));
  return {
    resources,
    /** Resolves once every request the page made has finished (the events trail the page a little). */
    async settled() {
      for (let waited = 0; pending.size > 0 && waited < 10_000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

async function visitDaily(context: BrowserContext, url: string, throttle: boolean): Promise<VisitFigures> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (throttle) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE.latencyMs,
      downloadThroughput: PHONE.downloadBitsPerSecond / 8,
      uploadThroughput: PHONE.uploadBitsPerSecond / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
  }
  const network = recordNetwork(cdp);
  await page.goto(`${url}/daily`);
  // A player with no game today presses Start, as a person would; one whose game is in play gets it back.
  const start = page.getByRole('button', { name: 'Start the clock and deal' });
  const board = page.waitForFunction(() => performance.getEntriesByName('board-interactive').length > 0, undefined, {
    timeout: 60_000,
  });
  let startPressable: number | undefined;
  let pressedAt: number | undefined;
  const first = await Promise.race([start.waitFor({ timeout: 60_000 }).then(() => 'start'), board.then(() => 'board')]);
  if (first === 'start') {
    await expectEnabled(start);
    // The page's own mark, taken once the Start screen is painted (ui/DailyStart.svelte).
    await page.waitForFunction(() => performance.getEntriesByName('start-pressable').length > 0);
    startPressable = await page.evaluate(() => performance.getEntriesByName('start-pressable')[0]!.startTime);
    // The press's own time, taken by the page as the click lands.
    await page.evaluate(() =>
      document.addEventListener('click', () => performance.mark('start-pressed'), { capture: true, once: true }),
    );
    await start.click();
    await board;
    pressedAt = await page.evaluate(() => performance.getEntriesByName('start-pressed')[0]!.startTime);
  } else await board;
  const times = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return {
      playable: performance.getEntriesByName('board-interactive')[0]!.startTime,
      domContentLoaded: nav.domContentLoadedEventEnd,
    };
  });
  await network.settled();
  await page.close();

  const wire = { js: 0, css: 0, html: 0, api: 0, other: 0, total: 0 };
  let jsDecoded = 0;
  const jsEncodings: string[] = [];
  for (const r of network.resources.values()) {
    wire.total += r.wire;
    if (r.type === 'Script') {
      wire.js += r.wire;
      jsDecoded += r.decoded;
      if (r.wire > 0) jsEncodings.push(r.encoding ?? 'identity');
    } else if (r.type === 'Stylesheet') wire.css += r.wire;
    else if (r.type === 'Document') wire.html += r.wire;
    else if (r.type === 'Fetch' || r.type === 'XHR') wire.api += r.wire;
    else wire.other += r.wire;
  }
  return {
    wire,
    jsDecoded,
    jsRequests: jsEncodings.length,
    jsEncodings,
    playableMs: times.playable,
    domContentLoadedMs: times.domContentLoaded,
    ...(startPressable === undefined || pressedAt === undefined
      ? {}
      : { startPressableMs: startPressable, movableAfterStartMs: times.playable - pressedAt }),
  };
}

/** Waits until the button can be pressed: the page has what Start needs. */
async function expectEnabled(button: Locator) {
  for (let waited = 0; !(await button.isEnabled()); waited += 20) {
    if (waited > 60_000) throw new Error('Start never became pressable');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  return typeof address === 'object' && address ? address.port : 0;
}

/** The real server with the built app, as the browser tests run it; ready once today's daily is dealt. */
async function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'e2e/serve.ts')], {
    cwd: ROOT,
    env: { ...process.env, E2E_PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    const ready = await fetch(`${url}/api/daily`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { url, child };
    if (tries > 600 || child.exitCode !== null) throw new Error('the server for the web bench did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface WebBenchFigures {
  /** First visits of players with a nickname. */
  readonly cold: readonly VisitFigures[];
  /** First visits of newcomers (no cookie): Start makes a guest. */
  readonly newcomers: readonly VisitFigures[];
  readonly returning: VisitFigures;
}

/**
 * `rounds` cold first visits of named players and `rounds` of newcomers on the throttled phone,
 * then one returning visit; builds the web app first, unless CI has just built these sources
 * (SCORPION_BUILT, .ci/run).
 */
export async function benchFirstVisit(rounds = 5): Promise<WebBenchFigures> {
  if (!process.env.SCORPION_BUILT) {
    const build = spawnSync('pnpm', ['--filter', '@scorpion/web', 'build'], { cwd: ROOT, stdio: ['ignore', 2, 2] });
    if (build.status !== 0) throw new Error('the web build failed');
  }
  const { url, child } = await startServer();
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch(CHROMIUM_LAUNCH);
    const phone = { ...devices['Pixel 7'] };
    const cold: VisitFigures[] = [];
    let context: BrowserContext | undefined;
    for (let round = 0; round < rounds; round++) {
      await context?.close();
      context = await browser.newContext(phone);
      // A player of their own each: a second visit by the same one would find their game in play.
      const joined = await context.request.post(`${url}/api/players`, { data: { nickname: `Bench ${round + 1}` } });
      if (!joined.ok()) throw new Error(`signing up failed: ${joined.status()} ${await joined.text()}`);
      cold.push(await visitDaily(context, url, true));
    }
    const returning = await visitDaily(context!, url, true);
    await context!.close();
    const newcomers: VisitFigures[] = [];
    for (let round = 0; round < rounds; round++) {
      const fresh = await browser.newContext(phone);
      newcomers.push(await visitDaily(fresh, url, true));
      await fresh.close();
    }
    return { cold, newcomers, returning };
  } finally {
    await browser?.close();
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
  }
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const median = (xs: readonly number[]) => percentile(xs, 50);
const ms = (x: number | undefined) => (x === undefined ? '-' : x.toFixed(0));
const spread = (xs: readonly number[]) =>
  xs.length === 0 ? '-' : `${median(xs).toFixed(0)} (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`;

export function formatFirstVisit({ cold, newcomers, returning }: WebBenchFigures): string {
  const row = (name: string, v: VisitFigures) =>
    `| ${name} | ${kb(v.wire.js)} | ${kb(v.jsDecoded)} | ${v.jsRequests} | ${[...new Set(v.jsEncodings)].join(', ') || '-'} | ` +
    `${kb(v.wire.css)} | ${kb(v.wire.html)} | ${kb(v.wire.api)} | ${kb(v.wire.total)} | ` +
    `${v.domContentLoadedMs.toFixed(0)} | ${ms(v.startPressableMs)} | ${ms(v.movableAfterStartMs)} | ${v.playableMs.toFixed(0)} |`;
  const summary = (who: string, visits: readonly VisitFigures[]) => {
    const playable = visits.map((v) => v.playableMs);
    const pressable = visits.flatMap((v) => (v.startPressableMs === undefined ? [] : [v.startPressableMs]));
    const movable = visits.flatMap((v) => (v.movableAfterStartMs === undefined ? [] : [v.movableAfterStartMs]));
    return (
      `On a first visit ${who} (median, min–max over ${visits.length}): Start pressable after ${spread(pressable)} ms, ` +
      `a card movable ${spread(movable)} ms after Start, the board playable ${spread(playable)} ms after navigation.`
    );
  };
  return [
    `Phone profile: ${PHONE.downloadBitsPerSecond / 1e6} Mbps down, ${PHONE.uploadBitsPerSecond / 1e3} kbps up, ` +
      `${PHONE.latencyMs} ms latency, ${PHONE.cpuSlowdown}× CPU (Pixel 7 screen). kB = 1,000 bytes on the wire, headers included.`,
    '',
    '| visit | JS kB | JS decoded kB | JS files | JS encoding | CSS kB | HTML kB | API kB | all kB | DOMContentLoaded ms | Start pressable ms | card movable after Start ms | board playable ms |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...cold.map((v, i) => row(`first visit ${i + 1}`, v)),
    ...newcomers.map((v, i) => row(`newcomer's first visit ${i + 1}`, v)),
    row('returning visit', returning),
    '',
    summary('with a nickname', cold),
    '',
    summary('of a newcomer (no cookie)', newcomers),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const roundsAt = process.argv.indexOf('--rounds');
  const rounds = roundsAt >= 0 ? Number(process.argv[roundsAt + 1]) : 5;
  console.log(formatFirstVisit(await benchFirstVisit(rounds)));
}
