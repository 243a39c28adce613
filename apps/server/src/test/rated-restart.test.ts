import { Profile } from '@scorpion/protocol';
import { expect, test } from 'vitest';
import type { ChildServer } from './child.ts';
import { childServers } from './child-servers.ts';
import { signUp, TestClient } from './client.ts';
import { getJson } from './http.ts';
import { playOn } from './play.ts';
import { joinRoom, openRoom } from './rooms.ts';

const servers = childServers('rated-restart', { RACE_COUNTDOWN_MS: '100' });

async function kill(server: ChildServer): Promise<void> {
  server.process.kill('SIGKILL');
  await server.exited;
}

/** Each restart's clock is this much further ahead: as if it had been down that long. */
const DOWN_MS = 60_000;

test('SIGKILL mid-rated-race and as it ends, and restarts: the race is rated exactly once', async () => {
  let server = await servers.start();
  const alice = await signUp(server.url, 'Rated Crash Al');
  const bob = await signUp(server.url, 'Rated Crash Bea');
  let a = await TestClient.connect(server.wsUrl, alice.cookie);
  let b = await TestClient.connect(server.wsUrl, bob.cookie);

  const code = await openRoom(a, 0, { rated: true });
  await joinRoom(b, code);
  a.send({ type: 'room-start', code });
  const aGame = (await a.next('game')).game;
  const bGame = (await b.next('game')).game;
  await a.next('room', (r) => r.room.status === 'racing');
  await playOn(a, aGame, 6);
  await playOn(b, bGame, 3);

  // Killed mid-race: the race resumes, still rated.
  await kill(server);
  server = await servers.start({ clockAheadMs: 2 * DOWN_MS });
  a = await TestClient.connect(server.wsUrl, alice.cookie);
  b = await TestClient.connect(server.wsUrl, bob.cookie);
  expect(await joinRoom(a, code)).toMatchObject({ status: 'racing', rated: true });
  await joinRoom(b, code);
  a.send({ type: 'give-up', gameId: aGame.gameId });
  await a.next('game', (g) => g.game.gameId === aGame.gameId && g.game.status === 'gave-up');
  // Bob's give-up ends the race; the process dies with it in flight: before it is read, while the
  // race's end is written, or after. Whichever it was, the restart must rate the race once.
  b.send({ type: 'give-up', gameId: bGame.gameId });
  await kill(server);

  server = await servers.start({ clockAheadMs: 2 * DOWN_MS });
  a = await TestClient.connect(server.wsUrl, alice.cookie);
  const room = await joinRoom(a, code);
  if (room.status !== 'finished') {
    // Bob's give-up was lost with the process: he comes back and gives up again.
    const again = await TestClient.connect(server.wsUrl, bob.cookie);
    await joinRoom(again, code);
    again.send({ type: 'give-up', gameId: bGame.gameId });
    await a.next('race-over');
  }

  // Once more, after the race is over: nothing is rated again.
  await kill(server);
  server = await servers.start({ clockAheadMs: 3 * DOWN_MS });
  for (const nickname of ['Rated Crash Al', 'Rated Crash Bea']) {
    const profile = await getJson(`${server.url}/api/players/${encodeURIComponent(nickname)}/profile`, Profile);
    expect(profile.body.rating).toMatchObject({ games: 1, provisional: true });
    expect(profile.body.ratingHistory).toHaveLength(1);
    expect(profile.body.races).toMatchObject([{ code, rated: true, racers: 2 }]);
  }
  await kill(server);
  // Four cold starts of a child server: a guard against a hang, not a speed check (it took 52 s of
  // a 60 s budget once on a loaded machine).
}, 180_000);
