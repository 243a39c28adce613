import { RoomHistory } from '@scorpion/protocol';
import { expect, test } from 'vitest';
import type { ChildServer } from './child.ts';
import { childServers } from './child-servers.ts';
import { signUp, TestClient } from './client.ts';
import { getJson } from './http.ts';
import { playOn } from './play.ts';
import { joinRoom, openRoom } from './rooms.ts';

const servers = childServers('restart', { RACE_COUNTDOWN_MS: '100' });

async function kill(server: ChildServer): Promise<void> {
  server.process.kill('SIGKILL');
  await server.exited;
}

/** The restarted server's clock is this far ahead: as if it had been down that long. */
const DOWN_MS = 3 * 60_000;

test('SIGKILL mid-race and restart: every acked move is there, the race resumes, downtime is not counted, results are stored once', async () => {
  let server = await servers.start();
  const alice = await signUp(server.url, 'Crash Alice');
  const bob = await signUp(server.url, 'Crash Bob');
  let a = await TestClient.connect(server.wsUrl, alice.cookie);
  let b = await TestClient.connect(server.wsUrl, bob.cookie);

  const code = await openRoom(a, 10);
  await joinRoom(b, code);
  a.send({ type: 'room-start', code });
  let aGame = (await a.next('game')).game;
  let bGame = (await b.next('game')).game;
  await a.next('room', (r) => r.room.status === 'racing');
  aGame = await playOn(a, aGame, 12);
  bGame = await playOn(b, bGame, 8);
  const ackedAt = Date.now();

  await kill(server);
  server = await servers.start({ clockAheadMs: DOWN_MS });

  a = await TestClient.connect(server.wsUrl, alice.cookie);
  b = await TestClient.connect(server.wsUrl, bob.cookie);
  expect(a.welcome.games).toContainEqual({ gameId: aGame.gameId, kind: 'race', roomCode: code });
  a.send({ type: 'game-resume', gameId: aGame.gameId });
  const resumed = (await a.next('game')).game;
  const resumedAt = Date.now();
  expect(resumed).toMatchObject({ seq: aGame.seq, view: aGame.view, moves: aGame.moves, status: 'playing' });
  // The three minutes the server was down by its clock are not on the game's: it grew by no more
  // than the real time between the last ack and the resume.
  expect(resumed.elapsedMs - aGame.elapsedMs).toBeLessThanOrEqual(resumedAt - ackedAt);
  expect(resumed.elapsedMs).toBeGreaterThanOrEqual(aGame.elapsedMs);
  b.send({ type: 'room-join', code });
  expect((await b.next('room')).room).toMatchObject({ status: 'racing', race: { number: 1 } });
  const bResumed = (await b.next('game')).game;
  expect(bResumed).toMatchObject({ seq: bGame.seq, view: bGame.view });

  // The race goes on and ends; its result is stored once, and stays once across another crash.
  a.send({ type: 'room-join', code });
  await playOn(a, resumed, 3);
  a.send({ type: 'give-up', gameId: aGame.gameId });
  b.send({ type: 'give-up', gameId: bGame.gameId });
  const over = await a.next('race-over');
  expect(over.results).toHaveLength(2);

  await kill(server);
  server = await servers.start({ clockAheadMs: DOWN_MS });
  const history = await getJson(`${server.url}/api/rooms/${code}/races`, RoomHistory);
  expect(history.body.races).toHaveLength(1);
  expect(history.body.races[0]!.results).toEqual(over.results);
  await kill(server);
}, 60_000);
