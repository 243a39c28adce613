import { ApiError, DailyBoard, DailyTimes } from '@scorpion/protocol';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { z } from 'zod';
import { signUp, TestClient } from '../test/client.ts';
import { fixedDeals, WINNING } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { getJson } from '../test/http.ts';
import { storeDailyResult } from '../test/results.ts';

let server: RunningServer;
let clock = Date.UTC(2026, 5, 1, 12, 0, 0);

beforeAll(async () => {
  server = await startServer({ deals: fixedDeals, now: () => clock });
});
afterAll(() => server.close());

const get = <S extends z.ZodType>(path: string, schema: S, cookie?: string) =>
  getJson(`${server.url}${path}`, schema, cookie);

/** Today's daily over the socket: won (each move taking `msPerMove`) or given up after one move. */
async function playDaily(cookie: string, msPerMove: number | 'give-up') {
  const client = await TestClient.connect(server.wsUrl, cookie);
  client.send({ type: 'daily-join' });
  let game = (await client.next('game')).game;
  if (msPerMove === 'give-up') {
    clock += 5000;
    game = await client.play(game, [WINNING.moves[0]]);
    client.send({ type: 'give-up', gameId: game.gameId });
    expect((await client.next('game')).game.status).toBe('gave-up');
  } else {
    for (const move of WINNING.moves) {
      clock += msPerMove;
      game = await client.play(game, [move]);
    }
    expect(game.status).toBe('won');
  }
  await client.close();
}

test("the caller's own rank is right when the caller is not on the requested page", async () => {
  const alice = await signUp(server.url, 'Alice');
  const bob = await signUp(server.url, 'Bob');
  const carol = await signUp(server.url, 'Carol');
  await playDaily(alice.cookie, 1000);
  await playDaily(bob.cookie, 2000);
  await playDaily(carol.cookie, 'give-up');

  const page = '/api/leaderboards/daily?page=1&pageSize=1';
  for (const [who, rank] of [
    [alice, 1],
    [bob, 2],
    [carol, 3],
  ] as const) {
    const { status, body } = await get(page, DailyBoard, who.cookie);
    expect(status).toBe(200);
    expect(body).toMatchObject({ played: 3, won: 2, pageSize: 1 });
    expect(body.rows.map((r) => [r.rank, r.playerId])).toEqual([[1, alice.id]]);
    expect(body.me).toMatchObject({ rank, playerId: who.id });
  }
  expect((await get(page, DailyBoard)).body.me).toBeNull();

  // Finishing times: both wins, the caller's own bin marked; no bin for a loss or without a cookie.
  const times = async (cookie?: string) => {
    const { status, body } = await get('/api/leaderboards/daily/times', DailyTimes, cookie);
    expect(status).toBe(200);
    return body;
  };
  const forAlice = await times(alice.cookie);
  expect(forAlice).toMatchObject({ date: '2026-06-01', day: 152, played: 3, won: 2 });
  expect(forAlice.bins.reduce((n, b) => n + b.count, 0)).toBe(2);
  const mine = (t: DailyTimes) => t.bins.filter((b) => b.mine);
  const aliceTime = WINNING.moves.length * 1000;
  expect(mine(forAlice)).toEqual([expect.objectContaining({ count: 1 })]);
  expect(mine(forAlice)[0]!.from).toBeLessThanOrEqual(aliceTime);
  expect(mine(forAlice)[0]!.to).toBeGreaterThan(aliceTime);
  expect(mine(await times(bob.cookie))[0]!.from).toBeGreaterThan(aliceTime);
  expect(mine(await times(carol.cookie))).toEqual([]);
  expect(await times()).toEqual({ ...forAlice, bins: forAlice.bins.map((b) => ({ ...b, mine: false })) });
});

test('finishing times cover every verified win of the day, not only the first page of the board', async () => {
  const date = '2026-06-02';
  clock = Date.parse(`${date}T08:00:00Z`);
  const { players, games } = server.app.repos;
  // 150 winners a few seconds apart, slowest last, and two results that count for no one's times.
  for (let i = 0; i < 152; i++) {
    await players.create({
      id: `bulk${i}`,
      nickname: `Bulk ${i}`,
      nicknameKey: `bulk ${i}`,
      tokenHash: `h${i}`,
      at: 0,
    });
  }
  for (let i = 0; i < 150; i++)
    await storeDailyResult(games, { date, playerId: `bulk${i}`, timeMs: 60_000 + i * 4000 });
  await storeDailyResult(games, { date, playerId: 'bulk150', timeMs: 30_000, won: false });
  await storeDailyResult(games, { date, playerId: 'bulk151', timeMs: 30_000, verified: false });
  const slowest = await signUp(server.url, 'Slowpoke');
  await storeDailyResult(games, { date, playerId: slowest.id, timeMs: 59 * 60_000 });

  const board = await get(`/api/leaderboards/daily?pageSize=100`, DailyBoard, slowest.cookie);
  expect(board.body).toMatchObject({ played: 152, won: 151, me: { rank: 151 } });
  expect(board.body.rows).toHaveLength(100);

  const { body } = await get(`/api/leaderboards/daily/times?date=${date}`, DailyTimes, slowest.cookie);
  expect(body).toMatchObject({ date, played: 152, won: 151 });
  expect(body.bins.length).toBeLessThanOrEqual(12);
  expect(body.bins.reduce((n, b) => n + b.count, 0)).toBe(151);
  expect(body.bins[0]!.from).toBeLessThanOrEqual(60_000);
  expect(body.bins.at(-1)).toMatchObject({ mine: true, count: 1 });
  expect(body.bins.at(-1)!.to).toBeGreaterThan(59 * 60_000);
  // Each bin has one round width, and they follow one another.
  const width = body.bins[0]!.to - body.bins[0]!.from;
  expect(body.bins.every((b, i) => b.to - b.from === width && (i === 0 || b.from === body.bins[i - 1]!.to))).toBe(true);

  // Another winner later the same day shows at once.
  await storeDailyResult(games, { date, playerId: 'late', timeMs: 61_000 });
  const again = await get(`/api/leaderboards/daily/times?date=${date}`, DailyTimes);
  expect(again.body).toMatchObject({ played: 153, won: 152 });
  expect(again.body.bins.reduce((n, b) => n + b.count, 0)).toBe(152);
});

test('finishing times refuse a bad query with a typed error', async () => {
  for (const query of [
    'date=2026-02-30',
    'date=yesterday',
    'date=2026-06-01&page=2',
    'date=2026-06-01&date=2026-06-02',
  ]) {
    const { status, body } = await get(`/api/leaderboards/daily/times?${query}`, ApiError);
    expect([status, body.error]).toEqual([400, 'bad-message']);
  }
  const empty = await get('/api/leaderboards/daily/times?date=2026-05-20', DailyTimes);
  expect(empty.body).toMatchObject({ played: 0, won: 0, bins: [] });
});

test('a daily board is asked for from the first daily to tomorrow (UTC); another date is a typed 400', async () => {
  clock = Date.parse('2026-06-10T23:59:00Z');
  const boards = [
    ['/api/leaderboards/daily', DailyBoard],
    ['/api/leaderboards/daily/times', DailyTimes],
  ] as const;
  for (const [path, schema] of boards) {
    // Years before the first daily, the day before it, the day after tomorrow, the far future, a 29 February 2026 never had.
    for (const date of ['0001-01-01', '2025-12-31', '2026-06-12', '9999-12-31', '2026-02-29']) {
      const { status, body } = await get(`${path}?date=${date}`, ApiError);
      expect([path, date, status, body.error]).toEqual([path, date, 400, 'bad-message']);
    }
    for (const [date, day] of [
      ['2026-01-01', 1],
      ['2026-06-11', 162],
    ] as const) {
      const { status, body } = await get(`${path}?date=${date}`, schema);
      expect([path, status, body.date, body.day]).toEqual([path, 200, date, day]);
    }
  }
  const refused = await get('/api/leaderboards/daily?date=2026-06-12', ApiError);
  expect(refused.body.message).toBe('date: the daily boards run from 2026-01-01 to 2026-06-11 (UTC)');
});
