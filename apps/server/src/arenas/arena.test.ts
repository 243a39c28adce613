import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ApiError,
  ArenaHistory,
  ArenaList,
  ArenaPage,
  type ArenaRow,
  ArenaSummary,
  ArenaTable,
  type GameSnapshot,
} from '@scorpion/protocol';
import { type GameState, newGame, playMove } from '@scorpion/rules';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { gate } from '../secrecy.ts';
import { signUp, TestClient } from '../test/client.ts';
import { FIXED_SEED, fixedDeals, WINNING, WINNING_DECK } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { getJson } from '../test/http.ts';
import { visibleCodes } from '../test/visible.ts';
import { ARENA_OPTIONS } from './deal-sequence.ts';

/*
 * An arena end to end, through the socket and the REST routes, on the injected clock: the
 * hourly arena of 13:00 on 2026-12-06 (13:00–13:20), every deal the fixed certified one whose
 * winning line the test knows. The arenas' sweep runs only when the test calls it.
 */
const ARENA = 'h-2026-12-06T13';
const T0 = Date.parse('2026-12-06T13:02:00Z');
const shift = T0 - Date.now();
let offset = 0;
const now = () => Date.now() + shift + offset;

const dir = mkdtempSync(join(tmpdir(), 'scorpion-arena-'));
const databasePath = join(dir, 'scorpion.db');
let server: RunningServer;
let ann: { cookie: string; id: string };
let a: TestClient;

const start = () => startServer({ databasePath, deals: fixedDeals, now, arenaTickMs: 0 });

beforeAll(async () => {
  server = await start();
  ann = await signUp(server.url, 'Arena Ann');
  a = await TestClient.connect(server.wsUrl, ann.cookie);
});
afterAll(async () => {
  await a.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function next(client: TestClient, deal: number, berserk = false): Promise<GameSnapshot> {
  client.send({ type: 'arena-next', arenaId: ARENA, deal, berserk });
  return (await client.next('game')).game;
}

/** The next standings whose own row matches. */
function standings(client: TestClient, where: (me: ArenaRow) => boolean) {
  return client.next('arena-standings', (f) => f.me !== null && where(f.me), 3000);
}

async function error(client: TestClient, message: Parameters<TestClient['send']>[0]) {
  client.send(message);
  return client.next('error');
}

async function table() {
  return (await getJson(`${server.url}/api/arenas/${ARENA}/table`, ArenaTable)).body;
}

test('a player joins, wins the certified deal through the socket, goes on fire, and berserk adds 1 and refuses undo', async () => {
  a.send({ type: 'arena-join', arenaId: ARENA, rid: 'j1' });
  const first = await a.next('arena-standings');
  expect(first).toMatchObject({ rid: 'j1', status: 'running', players: 1, me: { rank: 1, score: 0, deal: 0 } });

  const one = await next(a, 1);
  expect(one).toMatchObject({ kind: 'arena', status: 'playing', seed: null, record: null });
  expect(one.arena).toEqual({ arenaId: ARENA, deal: 1, berserk: false });
  expect((await a.play(one, WINNING.moves)).status).toBe('won');
  await standings(a, (me) => me.score === 2);

  const two = await next(a, 2);
  await a.play(two, WINNING.moves);
  await standings(a, (me) => me.score === 4 && me.fire && me.streak === 2);

  const three = await next(a, 3, true);
  const moved = await a.play(three, WINNING.moves.slice(0, 1));
  const undo = await a.act({ type: 'undo', gameId: three.gameId, expect: moved.seq });
  expect(undo).toMatchObject({ type: 'error', code: 'arena-berserk-no-undo' });
  // A page that comes back to the deal (a reload: a new socket resumes it) is told it is berserk.
  expect(three.arena).toEqual({ arenaId: ARENA, deal: 3, berserk: true });
  const reloaded = await TestClient.connect(server.wsUrl, ann.cookie);
  reloaded.send({ type: 'game-resume', gameId: three.gameId });
  expect((await reloaded.next('game')).game).toMatchObject({ seq: moved.seq, arena: { deal: 3, berserk: true } });
  await reloaded.close();
  // Nothing changed: the next move is taken at the same seq.
  expect((await a.play(moved, WINNING.moves.slice(1))).status).toBe('won');
  await standings(a, (me) => me.score === 9 && me.points.join() === '2,2,5');

  const t = await table();
  expect(t.rows[0]).toMatchObject({ player: { nickname: 'Arena Ann' }, score: 9, wins: 3, games: null });
});

test('every bad input gets a typed error and changes nothing', async () => {
  const before = await table();
  expect((await error(a, { type: 'arena-join', arenaId: 'nonsense' })).code).toBe('bad-message');
  // 20:00 every day is the daily arena's, not an hourly one.
  expect((await error(a, { type: 'arena-join', arenaId: 'h-2026-12-06T20' })).code).toBe('no-such-arena');
  expect((await error(a, { type: 'arena-join', arenaId: 'h-2026-12-06T12' })).code).toBe('arena-finished');
  expect((await error(a, { type: 'arena-watch', arenaId: 'h-2026-12-06T20', playerId: ann.id })).code).toBe(
    'no-such-arena',
  );
  expect((await error(a, { type: 'arena-watch', arenaId: ARENA, playerId: 'nobody' })).code).toBe('not-racing');
  // An hourly arena of years to come is not there yet.
  expect((await error(a, { type: 'arena-join', arenaId: 'h-2030-01-01T10' })).code).toBe('no-such-arena');
  expect((await error(a, { type: 'arena-next', arenaId: 'h-2026-12-06T14', deal: 1, berserk: false })).code).toBe(
    'arena-not-started',
  );
  expect((await error(a, { type: 'arena-next', arenaId: ARENA, deal: 9, berserk: false })).code).toBe('stale');
  await next(a, 4);
  expect((await error(a, { type: 'arena-next', arenaId: ARENA, deal: 4, berserk: true })).code).toBe(
    'arena-berserk-too-late',
  );
  expect((await error(a, { type: 'arena-next', arenaId: ARENA, deal: 5, berserk: false })).code).toBe('stale');

  const post = (body: unknown, cookie = ann.cookie) =>
    fetch(`${server.url}/api/arenas`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const good = { name: 'Friday club', startsAt: now() + 60_000, minutes: 30, variant: 'scorpion' };
  const refusals = [
    [{ ...good, startsAt: now() - 5 * 60_000 }, 'arena-start-past'],
    [{ ...good, startsAt: now() + 8 * 24 * 3_600_000 }, 'arena-start-too-far'],
    [{ ...good, minutes: 5 }, 'arena-bad-length'],
    [{ ...good, name: 'bell\u0007' }, 'arena-bad-name'],
    [{ ...good, name: '   ' }, 'arena-bad-name'],
  ] as const;
  for (const [body, code] of refusals) {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(ApiError.parse(await response.json()).error).toBe(code);
  }
  expect((await post(good, '')).status).toBe(401);
  const list = (await getJson(`${server.url}/api/arenas`, ArenaList)).body;
  expect(list.arenas.filter((x) => x.kind === 'private')).toStrictEqual([]);

  const after = await table();
  expect(after.rows.map((r) => [r.score, r.points])).toStrictEqual(before.rows.map((r) => [r.score, r.points]));
});

test('a private arena is made and joined by its id', async () => {
  const response = await fetch(`${server.url}/api/arenas`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: ann.cookie },
    body: JSON.stringify({ name: ' Friday club ', startsAt: now(), minutes: 30, variant: 'wasp' }),
  });
  expect(response.status).toBe(201);
  const made = ArenaSummary.parse(await response.json());
  expect(made).toMatchObject({ kind: 'private', name: 'Friday club', status: 'running', createdBy: { id: ann.id } });
  const ben = await signUp(server.url, 'Arena Ben');
  const b = await TestClient.connect(server.wsUrl, ben.cookie);
  b.send({ type: 'arena-join', arenaId: made.id });
  expect(await b.next('arena-standings')).toMatchObject({ arenaId: made.id, players: 1, me: { rank: 1 } });
  const list = (await getJson(`${server.url}/api/arenas`, ArenaList)).body;
  expect(list.arenas.find((x) => x.id === made.id)).toMatchObject({ players: 1 });
  await b.close();
});

test('a deal not won within its limit is timed out by the clock: 0, and the fire goes out', async () => {
  offset += 5 * 60_000;
  await server.app.arenas.tick();
  const me = (await standings(a, (m) => m.points.length === 4)).me!;
  expect(me).toMatchObject({ score: 9, fire: false, streak: 0, points: [2, 2, 5, 0], playing: false });
});

test('a watcher is sent a board seconds behind, never a face-down card, and cannot join after', async () => {
  const five = await next(a, 5);
  const played = await a.play(five, WINNING.moves.slice(0, 6));
  const cid = await signUp(server.url, 'Arena Cid');
  const c = await TestClient.connect(server.wsUrl, cid.cookie);
  c.send({ type: 'arena-watch', arenaId: ARENA, playerId: ann.id, rid: 'w1' });
  // A spectator is answered with the standings, and follows them from now on.
  expect(await c.next('arena-standings')).toMatchObject({ rid: 'w1', me: null, players: 1 });
  offset += 6000;
  const board = await c.next('arena-board');
  let state: GameState = newGame('scorpion', ARENA_OPTIONS, WINNING_DECK);
  for (const move of WINNING.moves.slice(0, board.seq)) {
    const tried = playMove(state, move);
    if (!tried.ok) throw new Error('the winning line does not replay');
    state = tried.state;
  }
  expect(board).toMatchObject({ arenaId: ARENA, deal: 5, gameId: played.gameId, player: { id: ann.id } });
  expect(board.view).toEqual(gate.position(state));
  const visible = visibleCodes(state);
  const text = c.frames.find((f) => f.includes('"arena-board"'))!;
  for (const [, card] of text.matchAll(/"([A2-9TJQK][CDHS])"/g)) expect(visible.has(card!)).toBe(true);
  expect(text).not.toContain(FIXED_SEED);
  expect((await error(c, { type: 'arena-join', arenaId: ARENA })).code).toBe('arena-watched');
  await c.close();
});

test('a restart rebuilds the standings from storage; at the end the podium, the deals and the history', async () => {
  const before = await table();
  await a.close();
  await server.close();
  server = await start();
  expect(await table()).toStrictEqual(before);
  a = await TestClient.connect(server.wsUrl, ann.cookie);
  a.send({ type: 'arena-join', arenaId: ARENA });
  const back = await a.next('arena-standings');
  expect(back.me).toMatchObject({ score: 9, deal: 5, playing: true });
  // The deal in play comes back with the join.
  expect((await a.next('game')).game).toMatchObject({ kind: 'arena', status: 'playing' });

  offset = Date.parse('2026-12-06T13:20:00Z') - T0;
  await server.app.arenas.tick();
  const over = await a.next('arena-over');
  expect(over.podium.map((r) => [r.rank, r.player.nickname, r.score])).toStrictEqual([[1, 'Arena Ann', 9]]);
  // The deal cut short by the end counts for nothing and breaks no streak.
  expect(over.me).toMatchObject({ score: 9, points: [2, 2, 5, 0], playing: false });

  const page = (await getJson(`${server.url}/api/arenas/${ARENA}`, ArenaPage)).body;
  expect(page.arena).toMatchObject({ status: 'finished', winner: { id: ann.id }, players: 1 });
  expect(page.deals?.map((d) => [d.deal, d.seed])).toStrictEqual([1, 2, 3, 4, 5].map((d) => [d, FIXED_SEED]));
  const final = await table();
  expect(final.rows[0]!.games?.map((g) => [g.deal, g.outcome, g.points])).toStrictEqual([
    [1, 'won', 2],
    [2, 'won', 2],
    [3, 'won', 5],
    [4, 'timed-out', 0],
    [5, 'unfinished', 0],
  ]);
  const history = (await getJson(`${server.url}/api/players/Arena%20Ann/arenas`, ArenaHistory)).body;
  expect(history.arenas.find((h) => h.arena.id === ARENA)).toMatchObject({ rank: 1, score: 9, games: 4 });
  expect((await error(a, { type: 'arena-next', arenaId: ARENA, deal: 6, berserk: false })).code).toBe('arena-finished');
});
