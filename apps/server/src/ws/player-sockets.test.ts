import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUp, TestClient } from '../test/client.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { TOO_MANY_SOCKETS } from './close-codes.ts';
import { PlayerSockets } from './player-sockets.ts';

/** The budget's refill clock, stepped by the tests: no frame is timed by the wall clock. */
let clock = 0;
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({
    rateLimit: { perSecond: 10, burst: 12, socketsPerPlayer: 6, clock: () => clock },
  });
});
afterAll(() => server.close());

/** One ping on `c`, and its answer: `pong`, or the code of the error that refused it. */
async function ping(c: TestClient, id: number): Promise<string> {
  c.send({ type: 'ping', id });
  const answer = await c.nextMatching((f) => f.type === 'pong' || f.type === 'error', 'pong or error');
  return answer.type === 'error' ? answer.code : answer.type;
}

test('six sockets of one player share one message budget, refilled by the clock', async () => {
  const { cookie } = await signUp(server.url, 'Sixer');
  const sockets = await Promise.all(Array.from({ length: 6 }, () => TestClient.connect(server.wsUrl, cookie)));
  const answers: string[] = [];
  // Two frames on each socket take the whole burst of 12; one more on each is refused.
  for (let round = 0; round < 3; round++) {
    for (const [i, c] of sockets.entries()) answers.push(await ping(c, round * 10 + i));
  }
  expect(answers.filter((a) => a === 'pong')).toHaveLength(12);
  expect(answers.slice(12)).toEqual(Array(6).fill('rate-limited'));

  // 300 ms refill 3 credits at 10 a second, for the player, whichever socket spends them.
  clock += 300;
  const after: string[] = [];
  for (const [i, c] of sockets.entries()) after.push(await ping(c, 100 + i));
  expect(after).toEqual(['pong', 'pong', 'pong', 'rate-limited', 'rate-limited', 'rate-limited']);

  // Another player has a budget of their own.
  const other = await TestClient.connect(server.wsUrl, (await signUp(server.url, 'Other')).cookie);
  expect(await ping(other, 1)).toBe('pong');
  await Promise.all([...sockets, other].map((c) => c.close()));
});

test('a flood over many sockets is cut off like a flood over one', async () => {
  const { cookie } = await signUp(server.url, 'Flood');
  const sockets = await Promise.all(Array.from({ length: 3 }, () => TestClient.connect(server.wsUrl, cookie)));
  for (let i = 0; i < 12; i++) sockets[i % 3]!.send({ type: 'ping', id: i });
  // Past the burst, every frame is a strike; past 10 strikes the socket that sent the last one is
  // closed (which one depends on how the three streams interleave at the server).
  for (let i = 0; i < 11; i++) sockets[i % 3]!.send({ type: 'ping', id: 100 + i });
  expect((await Promise.race(sockets.map((c) => c.closed))).code).toBe(1008);
  await Promise.all(sockets.map((c) => c.close()));
  // Every socket is closed, so every frame the server sent on any of them has arrived.
  const pongs = sockets.flatMap((c) => c.frames).filter((f) => f.includes('"pong"'));
  expect(pongs).toHaveLength(12);
});

test('a player holds at most six sockets: the seventh is refused with too-many-sockets and 4008', async () => {
  const { cookie } = await signUp(server.url, 'Capped');
  clock += 10_000;
  const sockets = await Promise.all(Array.from({ length: 6 }, () => TestClient.connect(server.wsUrl, cookie)));
  const seventh = new TestClient(server.wsUrl, cookie);
  expect(await seventh.next('error')).toMatchObject({ code: 'too-many-sockets' });
  expect(await seventh.closed).toEqual({ code: TOO_MANY_SOCKETS, reason: 'too many sockets' });
  expect(seventh.frames.some((f) => f.includes('"welcome"'))).toBe(false);

  // One closed, one more is welcome; the six open ones still play.
  await sockets[0]!.close();
  const again = await TestClient.connect(server.wsUrl, cookie);
  expect(again.welcome.player.nickname).toBe('Capped');
  expect(await ping(sockets[5]!, 1)).toBe('pong');
  await Promise.all([...sockets.slice(1), again].map((c) => c.close()));
});

test('closing and reopening sockets does not refill the budget; a rested, socketless player is forgotten', () => {
  let now = 0;
  const players = new PlayerSockets({ perSecond: 10, burst: 2, maxSockets: 2 }, () => now);
  const first = players.open('p')!;
  expect([first.take(now), first.take(now)]).toEqual(['ok', 'ok']);
  players.close('p');
  players.sweep();
  const again = players.open('p')!;
  expect(again.take(now)).toBe('refuse');
  players.close('p');
  now += 10_000;
  players.sweep();
  expect(players.open('p')).not.toBe(again);
  expect(players.count('p')).toBe(1);
});
