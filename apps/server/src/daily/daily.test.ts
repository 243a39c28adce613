import { AllTimeBoard, ApiError, DailyBoard, DailyInfo, PublicGame } from '@scorpion/protocol';
import { parseRecord, replay } from '@scorpion/rules';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { z } from 'zod';
import { signUp, TestClient } from '../test/client.ts';
import { fixedDeals, WINNING } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { getJson } from '../test/http.ts';

let server: RunningServer;
let clock = Date.UTC(2026, 5, 1, 12, 0, 0);

beforeAll(async () => {
  server = await startServer({ deals: fixedDeals, now: () => clock });
});
afterAll(() => server.close());

const get = <S extends z.ZodType>(path: string, schema: S, cookie?: string) =>
  getJson(`${server.url}${path}`, schema, cookie);

test('a daily game played to a win over the socket: ranked once, on the board, public the next day', async () => {
  const alice = await signUp(server.url, 'Alice');
  const bob = await signUp(server.url, 'Bob');
  const a = await TestClient.connect(server.wsUrl, alice.cookie);
  const b = await TestClient.connect(server.wsUrl, bob.cookie);

  a.send({ type: 'daily-join' });
  const { game } = await a.next('game');
  expect(game).toMatchObject({ kind: 'daily', ranked: true, seq: 0, status: 'playing', seed: null, record: null });
  expect(game.daily).toEqual({ date: '2026-06-01', day: 152 });
  expect(game.view.columns.flat().filter((c) => c === null)).toHaveLength(12);
  expect(game.view.stock).toBe(3);

  let current = game;
  for (const move of WINNING.moves) {
    clock += 1000;
    current = await a.play(current, [move]);
  }
  expect(current).toMatchObject({ status: 'won', moves: WINNING.moves.length, elapsedMs: WINNING.moves.length * 1000 });
  expect(current.record).toBeNull();

  // Bob plays a few moves and gives up: ranked, not won, below Alice.
  b.send({ type: 'daily-join' });
  const bobGame = (await b.next('game')).game;
  clock += 5000;
  const afterOne = await b.play(bobGame, [WINNING.moves[0]]);
  b.send({ type: 'give-up', gameId: afterOne.gameId });
  expect((await b.next('game')).game).toMatchObject({ status: 'gave-up', elapsedMs: 5000 });

  // A second attempt is practice on the same deal.
  a.send({ type: 'daily-join' });
  const again = (await a.next('game')).game;
  expect(again).toMatchObject({ kind: 'daily', ranked: false, seq: 0 });
  expect(again.gameId).not.toBe(game.gameId);

  const board = await get('/api/leaderboards/daily', DailyBoard, alice.cookie);
  expect(board.status).toBe(200);
  expect(board.body).toMatchObject({ date: '2026-06-01', played: 2, won: 1, public: false });
  expect(board.body.rows.map((r) => [r.rank, r.nickname, r.won, r.timeMs])).toEqual([
    [1, 'Alice', true, WINNING.moves.length * 1000],
    [2, 'Bob', false, 5000],
  ]);
  expect(board.body.me).toMatchObject({ rank: 1, playerId: alice.id });
  expect((await get('/api/leaderboards/daily?page=2&pageSize=1', DailyBoard, bob.cookie)).body).toMatchObject({
    rows: [{ rank: 2, nickname: 'Bob' }],
    me: { rank: 2 },
  });

  expect((await get(`/api/games/${game.gameId}`, ApiError)).status).toBe(403);
  expect((await get('/api/daily', DailyInfo)).body).toMatchObject({
    date: '2026-06-01',
    public: false,
    deck: null,
    seed: null,
    // No solver behind this server (the test deals are not certified): not rated, no line.
    difficulty: null,
    solution: null,
  });

  // The next day: yesterday's deal and every move list are public and replay.
  clock += 86_400_000;
  const yesterday = await get('/api/daily/2026-06-01', DailyInfo);
  expect(yesterday.body).toMatchObject({ public: true, deck: WINNING.deck, solution: null, difficulty: null });
  const published = await get(`/api/games/${game.gameId}`, PublicGame);
  expect(published.status).toBe(200);
  const parsed = parseRecord(published.body.record);
  if (!parsed.ok) throw new Error(parsed.error);
  expect(replay(parsed.start, parsed.record.moves)).toMatchObject({ ok: true, status: 'won' });
  expect(published.body.actions).toHaveLength(WINNING.moves.length);

  const allTime = await get('/api/leaderboards/all-time?board=wins', AllTimeBoard);
  expect(allTime.body.rows[0]).toMatchObject({
    nickname: 'Alice',
    dailyWins: 1,
    dailyPlayed: 1,
    bestStreak: 1,
    currentStreak: 1,
  });
  const fastest = await get('/api/leaderboards/all-time?board=fastest', AllTimeBoard);
  expect(fastest.body.rows).toEqual([expect.objectContaining({ nickname: 'Alice', date: '2026-06-01' })]);

  await a.close();
  await b.close();
});
