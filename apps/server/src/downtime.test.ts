import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { buildApp } from './app.ts';
import { childServers } from './test/child-servers.ts';
import { signUp, TestClient } from './test/client.ts';

const HOUR = 3_600_000;
const SECRET = `downtime-test-secret-${'x'.repeat(32)}`;
const clockDir = mkdtempSync(join(tmpdir(), 'scorpion-clock-'));
afterAll(() => rmSync(clockDir, { recursive: true, force: true }));
const clockFile = join(clockDir, 'now');
// Each child's `Date.now()` reads this file: the test sets the time, so the assertions are exact.
const servers = childServers(
  'downtime',
  { CERTIFY: 'none', SCORPION_SECRET: SECRET, SCORPION_TEST_CLOCK_FILE: clockFile },
  ['--import', './src/test/file-clock.mjs'],
);
let time = Math.floor(Date.now() / 1000) * 1000;
const setTime = (ms: number) => {
  time = ms;
  writeFileSync(clockFile, String(ms));
};

async function resumedElapsed(wsUrl: string, cookie: string, gameId: string): Promise<number> {
  const client = await TestClient.connect(wsUrl, cookie);
  client.send({ type: 'game-resume', gameId });
  const { game } = await client.next('game');
  expect(game).toMatchObject({ gameId, seq: 1, status: 'playing' });
  await client.close();
  return game.elapsedMs;
}

test('SIGKILL and restart: the clock loses nothing, however long the server was down or took to start', async () => {
  setTime(time);
  const first = await servers.start();
  const { cookie } = await signUp(first.url, 'Clock Clara');
  const client = await TestClient.connect(first.wsUrl, cookie);
  client.send({ type: 'practice-start', variant: 'scorpion', options: { foundations: false, open: false } });
  const started = (await client.next('game')).game;
  // Seven seconds of play, ended by an acknowledged move (dealing the stock is always legal).
  setTime(time + 7000);
  await client.play(started, [{ kind: 'deal' }]);

  first.process.kill('SIGKILL');
  await first.exited;
  setTime(time + HOUR);
  const second = await servers.start();
  expect(await resumedElapsed(second.wsUrl, cookie, started.gameId)).toBe(7000);

  // Down for another hour, then a start-up that takes five seconds between building the app and
  // opening the port: none of it is on the clock, since no move could be played in it.
  second.process.kill('SIGKILL');
  await second.exited;
  setTime(time + HOUR);
  const app = await buildApp({ databasePath: servers.databasePath, secret: SECRET, now: () => time });
  time += 5000;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  try {
    expect(await resumedElapsed(`ws://127.0.0.1:${port}/ws`, cookie, started.gameId)).toBe(7000);
  } finally {
    await app.close();
  }
}, 60_000);
