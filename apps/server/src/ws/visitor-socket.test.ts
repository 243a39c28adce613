import { WATCH_REFUSED } from '@scorpion/protocol';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUp, TestClient } from '../test/client.ts';
import { FIXED_SEED, fixedDeals, WINNING } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { joinRoom, openRoom } from '../test/rooms.ts';

/*
 * A visitor watches a room's race from the room's link, with no cookie, no name and no seat:
 * the room as its members see it, the race's progress as it moves and its end, never the deck
 * or the seed before the race is over; it can neither play nor join.
 */
const PER_ADDRESS = 3;
let server: RunningServer;
const clock = Date.UTC(2026, 5, 1, 12, 0, 0);
beforeAll(async () => {
  server = await startServer({
    deals: fixedDeals,
    countdownMs: 0,
    now: () => clock,
    trustProxy: true,
    rateLimit: { perSecond: 2000, burst: 2000, socketsPerPlayer: 1000, watchersPerAddress: PER_ADDRESS },
  });
});
afterAll(() => server.close());

const visitor = (code: string, forwardedFor = '203.0.113.7') =>
  new TestClient(`${server.wsUrl}?room=${code}&watch=1`, undefined, { forwardedFor });

test('a visitor without a cookie sees the room, the race move and its end, and nothing hidden; it can neither play nor join', async () => {
  const [ann, ben] = await Promise.all(['Racing Ann', 'Racing Ben'].map((n) => signUp(server.url, n)));
  const a = await TestClient.connect(server.wsUrl, ann!.cookie);
  const b = await TestClient.connect(server.wsUrl, ben!.cookie);
  const code = await openRoom(a);
  await joinRoom(b, code);

  const v = visitor(code);
  const greeted = await v.next('watching');
  expect(greeted.room).toMatchObject({ code, status: 'lobby' });
  expect(greeted.room.members.map((m) => m.nickname)).toEqual(['Racing Ann', 'Racing Ben']);

  a.send({ type: 'room-start', code });
  const aGame = (await a.next('game')).game;
  const bGame = (await b.next('game')).game;
  await v.next('room', (f) => f.room.status === 'racing');
  await v.next('race-progress', (f) => f.racers.length === 2);

  // Ann moves: the visitor's standings follow, as the members' do.
  const played = await a.play(aGame, WINNING.moves.slice(0, 4));
  const moved = await v.next('race-progress', (f) => f.racers.some((r) => r.playerId === ann!.id && r.moves === 4));
  expect(moved.racers.find((r) => r.playerId === ann!.id)).toMatchObject({ progress: played.progress });

  // A visitor's frames are refused, typed, and change nothing: no move, no seat in the room.
  v.send({ type: 'move', gameId: bGame.gameId, expect: 0, move: WINNING.moves[0]!, rid: 'm1' });
  expect(await v.next('error', (f) => f.rid === 'm1')).toMatchObject({ code: 'watch-only', ref: 'move' });
  v.send({ type: 'room-join', code, rid: 'j1' });
  expect(await v.next('error', (f) => f.rid === 'j1')).toMatchObject({ code: 'watch-only', ref: 'room-join' });
  // It may ask for a racer's board (visitor-boards.test.ts), of its own room only.
  v.send({ type: 'race-watch', code: 'ZZZZZZ', playerId: ann!.id, rid: 'w1' });
  expect(await v.next('error', (f) => f.rid === 'w1')).toMatchObject({ code: 'watch-only' });
  v.send({ type: 'ping', id: 7, rid: 'p1' });
  expect(await v.next('pong')).toMatchObject({ id: 7, rid: 'p1' });
  expect((await server.app.repos.rooms.members(code)).length).toBe(2);
  expect((await server.app.repos.games.get(bGame.gameId))?.moves).toBe(0);

  // Both give up: the race is over, and only now its seed goes out, to the visitor too.
  a.send({ type: 'give-up', gameId: aGame.gameId });
  b.send({ type: 'give-up', gameId: bGame.gameId });
  const over = await v.next('race-over');
  expect(over).toMatchObject({ code, seed: FIXED_SEED });
  expect(over.results.map((r) => r.nickname).sort()).toEqual(['Racing Ann', 'Racing Ben']);

  const frames = v.frames.map((t) => JSON.parse(t) as { type: string });
  const overAt = frames.findIndex((f) => f.type === 'race-over');
  // Nothing of a game's, and the seed in no frame before the race's end.
  expect(
    frames
      .map((f) => f.type)
      .filter((t) => !['watching', 'room', 'race-progress', 'race-over', 'error', 'pong'].includes(t)),
  ).toEqual([]);
  for (const text of v.frames.slice(0, overAt)) {
    expect(text).not.toContain(FIXED_SEED);
    expect(text).not.toMatch(/"(deck|view|cards|tableau|stock)"/);
  }
  expect(v.frames.some((t) => t.includes(WINNING.deck.slice(0, 8).join('","')))).toBe(false);

  v.socket.close();
  await v.closed;
  for (const c of [a, b]) c.socket.close();
});

test('visitors are limited per address, generously and typed; another address is not counted; a closed one frees its place', async () => {
  const host = await signUp(server.url, 'Host Hal');
  const h = await TestClient.connect(server.wsUrl, host.cookie);
  const code = await openRoom(h);

  const family = Array.from({ length: PER_ADDRESS }, () => visitor(code, '198.51.100.1'));
  for (const v of family) await v.next('watching');
  const one = visitor(code, '198.51.100.1');
  expect(await one.next('error')).toMatchObject({ code: 'too-many-watchers' });
  expect((await one.closed).code).toBe(WATCH_REFUSED);

  // A neighbour's address has its own count.
  const neighbour = visitor(code, '198.51.100.2');
  await neighbour.next('watching');

  family[0]!.socket.close();
  await family[0]!.closed;
  // The server hears the close a moment after the client: the place frees once it has.
  await expect.poll(() => server.app.visitors.size).toBe(PER_ADDRESS);
  const again = visitor(code, '198.51.100.1');
  await again.next('watching');

  const nowhere = visitor('ZZZZZZ', '198.51.100.3');
  expect(await nowhere.next('error')).toMatchObject({ code: 'no-such-room' });
  expect((await nowhere.closed).code).toBe(WATCH_REFUSED);

  for (const v of [...family, neighbour, again]) v.socket.close();
  h.socket.close();
});
