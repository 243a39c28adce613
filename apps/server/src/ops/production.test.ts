import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DailyInfo, type GameSnapshot, toGameState } from '@scorpion/protocol';
import { legalMoves } from '@scorpion/rules';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { SERVER_NODE_FLAGS } from '../node-flags.ts';
import { type ChildServer, spawnNode } from '../test/child.ts';
import { signUp, TestClient } from '../test/client.ts';
import { getJson } from '../test/http.ts';

/*
 * The production smoke test: what the image runs, run here (no Docker engine runs where we test).
 * It builds, lays out the production install with the script the Dockerfile runs, starts it the
 * way the image's CMD does (plain node on the compiled server, production dependencies only, the
 * image's environment), and plays through the real HTTP and WebSocket with the solver certifying.
 */

const run = promisify(execFile);
/** The image's command, from its working directory /app/apps/server. */
const COMMAND = ['node', ...SERVER_NODE_FLAGS, 'dist/server.js'];

let dir: string;
let app: string;
let server: ChildServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'scorpion-production-'));
  app = join(dir, 'app');
  // CI has just built these sources with the same recipe (SCORPION_BUILT, .ci/run).
  if (!process.env.SCORPION_BUILT) await run('pnpm', ['build'], { cwd: REPO_ROOT });
  await run('bash', ['scripts/prod-layout.sh', app], { cwd: REPO_ROOT });
  server = await spawnNode(COMMAND.slice(1), join(app, 'apps/server'), {
    // The image's environment (Dockerfile ENV), on a free local port and a fresh database.
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_PATH: join(dir, 'scorpion.db'),
    CERTIFY: 'solver',
  });
}, 240_000);

afterAll(async () => {
  if (server && server.process.exitCode === null) {
    server.process.kill('SIGTERM');
    await server.exited;
  }
  rmSync(dir, { recursive: true, force: true });
  // Longer than the server's own shutdown deadline (10 s), which a loaded machine may use up.
}, 30_000);

test('`pnpm start` and the image run the build with the node flags the server is tuned for', () => {
  const start = JSON.parse(readFileSync(join(REPO_ROOT, 'apps/server/package.json'), 'utf8')).scripts.start;
  expect(start).toBe(COMMAND.join(' '));
  const cmd = `CMD ${JSON.stringify(COMMAND).replaceAll('","', '", "')}`;
  expect(readFileSync(join(REPO_ROOT, 'Dockerfile'), 'utf8').split('\n')).toContain(cmd);
});

test('the production install holds no TypeScript loader', () => {
  const installed = readdirSync(join(app, 'node_modules/.pnpm'));
  expect(installed.some((name) => name.startsWith('better-sqlite3@'))).toBe(true);
  expect(installed.filter((name) => /^(tsx|typescript|vitest|esbuild)@/.test(name))).toEqual([]);
});

test('it is ready, serves the page, certifies the daily on the solver thread and stores a move', async () => {
  // The image's HEALTHCHECK asks /healthz.
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  const ready = await fetch(`${server.url}/readyz`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toMatchObject({ ok: true });

  const page = await (await fetch(`${server.url}/daily`)).text();
  // The page's first script loads the entry of the player's language's build (apps/web/vite/localeBuilds.ts).
  const entries = [...page.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map(([, src]) => src);
  expect(entries.length, page).toBeGreaterThan(1);
  for (const entry of entries) expect((await fetch(`${server.url}${entry}`)).status, entry).toBe(200);

  const alice = await signUp(server.url, 'Smoke Alice');
  const socket = await TestClient.connect(server.wsUrl, alice.cookie);
  socket.send({ type: 'daily-join' });
  // The first join deals the day: candidates are certified one by one until one is proven.
  const { game } = await socket.next('game', () => true, 60_000);
  const daily = await getJson(`${server.url}/api/daily`, DailyInfo);
  // Only a solver's proof carries a difficulty ("not rated" otherwise).
  expect(daily.body.difficulty).not.toBeNull();

  const move = firstMove(game);
  const reply = await socket.act({ type: 'move', gameId: game.gameId, expect: game.seq, move });
  expect(reply).toMatchObject({ type: 'ack', gameId: game.gameId, seq: game.seq + 1 });
  await socket.close();

  server.process.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  // A worker that cannot load (a missing package, a .ts file) logs and is restarted: none did.
  expect(server.output()).not.toMatch(/Cannot find (package|module)|ERR_MODULE_NOT_FOUND|ERR_UNKNOWN_FILE_EXTENSION/);
  const db = new Database(join(dir, 'scorpion.db'), { readonly: true });
  const row = db.prepare('select certified_by, line from daily_deals').get() as { certified_by: string; line: string };
  db.close();
  expect(row.certified_by).toBe('solver');
  expect(JSON.parse(row.line).length).toBeGreaterThan(0);
}, 120_000);

/** A legal move from the player's view (a certified deal always has one), as a client finds it. */
function firstMove(game: GameSnapshot) {
  const move = legalMoves(toGameState(game.view))[0];
  if (!move) throw new Error('a certified daily deal has no legal first move');
  return move;
}
