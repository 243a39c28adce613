import { HeadToHead, RoomHistory, RoomSummary } from '@scorpion/protocol';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signUp, TestClient } from '../test/client.ts';
import { FIXED_SEED, fixedDeals, WINNING } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { getJson } from '../test/http.ts';

let server: RunningServer;
/** While set, the server's clock stands still there: a countdown cannot end behind the test's back. */
let frozenAt: number | undefined;

beforeAll(async () => {
  server = await startServer({ deals: fixedDeals, countdownMs: 200, now: () => frozenAt ?? Date.now() });
});
afterAll(() => server.close());

test('two players race to the end: countdown, live progress, ranking, history, rematch', async () => {
  const alice = await signUp(server.url, 'Racer Alice');
  const bob = await signUp(server.url, 'Racer Bob');
  const a = await TestClient.connect(server.wsUrl, alice.cookie);
  const b = await TestClient.connect(server.wsUrl, bob.cookie);

  a.send({
    type: 'room-create',
    variant: 'scorpion',
    options: { foundations: false, open: false },
    timeLimit: 5,
    winnableOnly: false,
  });
  const created = (await a.next('room')).room;
  expect(created).toMatchObject({ status: 'lobby', hostId: alice.id, timeLimit: 5 });
  expect(created.code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
  const code = created.code;

  a.send({ type: 'room-start', code });
  expect(await a.next('error', (e) => e.ref === 'room-start')).toMatchObject({ code: 'too-few-players' });

  b.send({ type: 'room-join', code });
  expect((await b.next('room')).room.members.map((m) => m.nickname)).toEqual(['Racer Alice', 'Racer Bob']);
  b.send({ type: 'room-start', code });
  expect(await b.next('error', (e) => e.ref === 'room-start')).toMatchObject({ code: 'not-host' });

  frozenAt = Date.now();
  a.send({ type: 'room-start', code });
  const countdown = (await a.next('room', (f) => f.room.status === 'countdown')).room;
  expect(countdown.race!.startsAt - countdown.serverTime).toBeGreaterThan(100);
  expect(countdown.race!.endsAt! - countdown.race!.startsAt).toBe(5 * 60_000);
  const aGame = (await a.next('game')).game;
  const bGame = (await b.next('game')).game;
  expect(aGame).toMatchObject({ kind: 'race', roomCode: code, seed: null, record: null, seq: 0 });
  expect(aGame.elapsedMs).toBeLessThan(0);
  expect(bGame.view).toEqual(aGame.view);

  // Before the countdown ends, moves are refused.
  expect(await a.act({ type: 'move', gameId: aGame.gameId, expect: 0, move: WINNING.moves[0]! })).toMatchObject({
    type: 'error',
    code: 'not-started',
  });
  // The clock runs again (and has jumped on by however long the checks took): "go".
  frozenAt = undefined;
  await a.next('room', (f) => f.room.status === 'racing');

  // Bob makes three moves; Alice sees his progress but no card.
  await b.play(bGame, WINNING.moves.slice(0, 3));
  const seen = await a.next('race-progress', (p) => p.racers.some((r) => r.playerId === bob.id && r.moves === 3));
  expect(seen.racers.find((r) => r.playerId === bob.id)).toMatchObject({ state: 'playing', connected: true });

  // Alice wins; the race goes on until Bob gives up.
  const won = await a.play(aGame, WINNING.moves);
  expect(won.status).toBe('won');
  expect(won.record).toBeNull();
  b.send({ type: 'give-up', gameId: bGame.gameId });

  const over = await a.next('race-over');
  expect(over).toMatchObject({ seed: FIXED_SEED, endedBy: null });
  expect(over.results.map((r) => [r.rank, r.nickname, r.won, r.gaveUp, r.moves])).toEqual([
    [1, 'Racer Alice', true, false, WINNING.moves.length],
    [2, 'Racer Bob', false, true, 3],
  ]);
  expect((await b.next('race-over')).results).toEqual(over.results);
  const finalGame = (await a.next('game', (g) => g.game.record !== null)).game;
  expect(finalGame.record!.moves).toHaveLength(WINNING.moves.length);
  expect((await a.next('room', (f) => f.room.status === 'finished')).room.lastResults).toEqual(over.results);

  const h2h = await getJson(`${server.url}/api/head-to-head?a=${alice.id}&b=${bob.id}`, HeadToHead);
  expect(h2h.body).toMatchObject({ races: 1, aWins: 1, bWins: 0 });
  const history = await getJson(`${server.url}/api/rooms/${code}/races`, RoomHistory);
  expect(history.body.races).toHaveLength(1);
  expect(history.body.races[0]!.results).toEqual(over.results);
  expect((await getJson(`${server.url}/api/rooms/${code}`, RoomSummary)).body).toMatchObject({ members: 2, races: 1 });

  // Rematch: a new race in the same room.
  a.send({ type: 'room-start', code });
  const rematch = (await a.next('room', (f) => f.room.status === 'countdown')).room;
  expect(rematch.race!.number).toBe(2);
  const next = (await b.next('game', (g) => g.game.seq === 0 && g.game.gameId !== bGame.gameId)).game;
  expect(next.raceId).toBe(rematch.race!.raceId);

  await a.close();
  await b.close();
});
