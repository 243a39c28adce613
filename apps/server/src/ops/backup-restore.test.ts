import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { RoomHistory } from '@scorpion/protocol';
import { expect, test } from 'vitest';
import { REPO_ROOT } from '../config.ts';
import { childServers } from '../test/child-servers.ts';
import { signUp, TestClient } from '../test/client.ts';
import { getJson } from '../test/http.ts';
import { playOn } from '../test/play.ts';
import { joinRoom, openRoom } from '../test/rooms.ts';

const servers = childServers('restore', { RACE_COUNTDOWN_MS: '100', CERTIFY: 'none' });
const { dir, databasePath: live, env } = servers;
const start = () => servers.start();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `pnpm backup backup.db` typed in `dir`: the root script, the real CLI, a relative path. */
const backup = () =>
  promisify(execFile)('pnpm', ['--silent', '--dir', REPO_ROOT, 'backup', 'backup.db'], {
    cwd: dir,
    env: { ...process.env, ...env },
  });

test('a backup taken mid-race restores: the race resumes from the backup, players play on, results are stored once', async () => {
  let server = await start();
  const alice = await signUp(server.url, 'Restore Alice');
  const bob = await signUp(server.url, 'Restore Bob');
  let a = await TestClient.connect(server.wsUrl, alice.cookie);
  let b = await TestClient.connect(server.wsUrl, bob.cookie);
  const code = await openRoom(a);
  await joinRoom(b, code);
  a.send({ type: 'room-start', code });
  let aGame = (await a.next('game')).game;
  const bStart = (await b.next('game')).game;
  await a.next('room', (r) => r.room.status === 'racing');
  aGame = await playOn(a, aGame, 6);
  const bSeen = new Map([[bStart.seq, bStart]]);
  const bBefore = await playOn(b, bStart, 3, bSeen);

  // Bob keeps playing while the backup runs (paced under the server's rate limit); Alice plays
  // on once it is written.
  let backedUp = false;
  const taking = backup().finally(() => {
    backedUp = true;
  });
  for (let bNow = bBefore; !backedUp; await sleep(100)) bNow = await playOn(b, bNow, 1, bSeen);
  const { stdout } = await taking;
  expect(stdout).toContain(`backup written: ${join(dir, 'backup.db')}`);
  expect(stdout).toMatch(/integrity: ok/);
  const aAfter = await playOn(a, aGame, 2);
  expect(aAfter.seq).toBe(aGame.seq + 2);

  // The documented restore: stop the server, drop the stale -wal/-shm, put the backup in place.
  server.process.kill('SIGKILL');
  await server.exited;
  expect(existsSync(`${live}-wal`)).toBe(true);
  for (const suffix of ['-wal', '-shm']) rmSync(live + suffix, { force: true });
  copyFileSync(join(dir, 'backup.db'), live);
  server = await start();

  a = await TestClient.connect(server.wsUrl, alice.cookie);
  b = await TestClient.connect(server.wsUrl, bob.cookie);
  expect(a.welcome.games).toContainEqual({ gameId: aGame.gameId, kind: 'race', roomCode: code });
  a.send({ type: 'room-join', code });
  expect((await a.next('room')).room).toMatchObject({ status: 'racing', race: { number: 1 } });
  // Alice is exactly where she was when the backup was taken: the two moves after it are gone.
  const aResumed = (await a.next('game')).game;
  expect(aResumed).toMatchObject({ seq: aGame.seq, view: aGame.view, moves: aGame.moves, status: 'playing' });
  // Bob is at some move he made around the backup, never before what was acked before it.
  b.send({ type: 'room-join', code });
  await b.next('room');
  const bResumed = (await b.next('game')).game;
  expect(bResumed.seq).toBeGreaterThanOrEqual(bBefore.seq);
  expect(bResumed).toMatchObject({ view: bSeen.get(bResumed.seq)!.view, moves: bSeen.get(bResumed.seq)!.moves });

  // Both play on from there, and the race ends once.
  await playOn(a, aResumed, 2);
  await playOn(b, bResumed, 1);
  a.send({ type: 'give-up', gameId: aGame.gameId });
  b.send({ type: 'give-up', gameId: bStart.gameId });
  const over = await a.next('race-over');
  expect(over.results).toHaveLength(2);
  const history = await getJson(`${server.url}/api/rooms/${code}/races`, RoomHistory);
  expect(history.body.races).toHaveLength(1);
  expect(history.body.races[0]!.results).toEqual(over.results);
  await a.close();
  await b.close();
  // Two child servers' cold starts and a backup: a guard against a hang, not a speed check (28 s
  // alone, past 60 s on a loaded machine).
}, 180_000);
