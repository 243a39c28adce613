import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { buildApp } from './app.ts';
import { childServers } from './test/child-servers.ts';
import { signUp, TestClient } from './test/client.ts';
import { joinRoom, openRoom, roomWhere } from './test/rooms.ts';

const HOUR = 3_600_000;
const SECRET = `downtime-test-secret-${'x'.repeat(32)}`;
const clockDir = mkdtempSync(join(tmpdir(), 'scorpion-clock-'));
afterAll(() => rmSync(clockDir, { recursive: true, force: true }));
const clockFile = join(clockDir, 'now');
// Each child's `Date.now()` reads this file: the test sets the time, so the assertions are exact.
const servers = childServers(
  'downtime',
  { CERTIFY: 'none', SCORPION_SECRET: SECRET, SCORPION_TEST_CLOCK_FILE: clockFile, RACE_COUNTDOWN_MS: '100' },
  ['--import', './src/test/file-clock.mjs'],
);
let time = Math.floor(Date.now() / 1000) * 1000;
const setTime = (ms: number) => {
  time = ms;
  writeFileSync(clockFile, String(ms));
};

/** After a restart: how long the practice game and the race have run, by the server's clock. */
async function resumedElapsed(wsUrl: string, cookie: string, gameId: string, code: string) {
  const client = await TestClient.connect(wsUrl, cookie);
  client.send({ type: 'game-resume', gameId });
  const { game } = await client.next('game', (f) => f.game.gameId === gameId);
  expect(game).toMatchObject({ seq: 1, status: 'playing' });
  const { race } = await joinRoom(client, code);
  expect(race!.endsAt! - race!.startsAt).toBe(5 * 60_000);
  await client.close();
  return { game: game.elapsedMs, race: time - race!.startsAt };
}

test('SIGKILL and restart: no clock loses anything, however long the server was down or took to start', async () => {
  setTime(time);
  const first = await servers.start();
  const alice = await signUp(first.url, 'Clock Clara');
  const bob = await signUp(first.url, 'Clock Carl');
  const a = await TestClient.connect(first.wsUrl, alice.cookie);
  const b = await TestClient.connect(first.wsUrl, bob.cookie);
  a.send({ type: 'practice-start', variant: 'scorpion', options: { foundations: false, open: false } });
  const practice = (await a.next('game')).game;
  const code = await openRoom(a, 5);
  await joinRoom(b, code);
  a.send({ type: 'room-start', code });
  const race = (await a.next('game', (f) => f.game.kind === 'race')).game;
  // Seven seconds of play, the race's countdown included, ended by acknowledged moves (dealing
  // the stock is always legal).
  setTime(time + 7000);
  const racing = await roomWhere(a, (r) => r.status === 'racing');
  await a.play(practice, [{ kind: 'deal' }]);
  await a.play(race, [{ kind: 'deal' }]);
  const before = { game: 7000, race: time - racing.race!.startsAt };

  first.process.kill('SIGKILL');
  await first.exited;
  setTime(time + HOUR);
  const second = await servers.start();
  expect(await resumedElapsed(second.wsUrl, alice.cookie, practice.gameId, code)).toEqual(before);

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
    expect(await resumedElapsed(`ws://127.0.0.1:${port}/ws`, alice.cookie, practice.gameId, code)).toEqual(before);
  } finally {
    await app.close();
  }
}, 60_000);
