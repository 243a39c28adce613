import { histogram } from '@scorpion/protocol';
import { expect, test } from 'vitest';
import type { TimeCounts } from '../types.ts';
import { allPages, dayAfter, type FreshRepos, player, type Result, storeResult } from './fixtures.ts';

const DAY = dayAfter(0);
const NEXT = dayAfter(1);

/** The daily boards and the all-time boards, as any store must answer them. */
export function boardsContract(fresh: FreshRepos): void {
  test('the keys of a board, page by page from any key, are its order; equal keys tie by player id in byte order', async () => {
    const repos = await fresh();
    // Byte order puts 'Zed' < '_x' < 'abe'; a linguistic collation would not ('_x', 'abe', 'Zed').
    for (const id of ['abe', '_x', 'Zed', 'mid']) {
      await player(repos, id);
      await storeResult(repos, { playerId: id, date: DAY, finishedAt: id === 'mid' ? 500 : 900, timeMs: 100_000 });
    }
    await player(repos, 'first');
    await storeResult(repos, { playerId: 'first', date: DAY, finishedAt: 999, timeMs: 50_000 });
    const order = ['first', 'mid', 'Zed', '_x', 'abe'];
    expect((await repos.boards.daily(DAY, 0, 10)).map((r) => r.playerId)).toEqual(order);
    const keys = await repos.boards.dailyOrder(DAY, undefined, 2);
    keys.push(...(await repos.boards.dailyOrder(DAY, keys[1], 2)));
    keys.push(...(await repos.boards.dailyOrder(DAY, keys[3], 2)));
    expect(keys.map((k) => k.playerId)).toEqual(order);
    expect(keys[2]).toEqual({ sortKey: keys[3]!.sortKey, finishedAt: 900, playerId: 'Zed' });
    for (const [i, id] of order.entries()) expect((await repos.boards.dailyRankOf(DAY, id))?.rank).toBe(i + 1);
    // One win each: the all-time board's tie goes to the best time ('first' alone is faster),
    // then to the player id descending, in byte order too.
    const byBytesDescending = order
      .filter((id) => id !== 'first')
      .sort()
      .reverse();
    expect((await repos.boards.mostWins(0, 10)).map((r) => r.playerId)).toEqual(['first', ...byBytesDescending]);
  });

  test('pages of the daily board, put together, are the whole board in order with running ranks', async () => {
    const repos = await fresh();
    const result = async (i: number, r: Omit<Result, 'playerId' | 'date'> & { date?: string }) => {
      await player(repos, `p${i}`);
      // Finishing order: ties on the key are broken by who finished first.
      await storeResult(repos, { playerId: `p${i}`, date: DAY, finishedAt: 1_000 - i, ...r });
    };
    await result(0, { won: false, timeMs: 90_000 });
    await result(1, { timeMs: 200_000 });
    await result(2, { timeMs: 100_000, moves: 60 });
    await result(3, { timeMs: 100_000, moves: 40 });
    await result(4, { timeMs: 100_000, moves: 40 });
    await result(5, { timeMs: 50_000, verified: false });
    await result(6, { timeMs: 10_000, date: NEXT });
    await result(7, { won: false, timeMs: 80_000 });

    const pages = await allPages((o, l) => repos.boards.daily(DAY, o, l), 2);
    // p4 and p3 tie on time and moves: p4 finished first. Losers follow, the unverified and
    // the other day's result nowhere.
    expect(pages.map((r) => [r.rank, r.playerId, r.nickname])).toEqual([
      [1, 'p4', 'N p4'],
      [2, 'p3', 'N p3'],
      [3, 'p2', 'N p2'],
      [4, 'p1', 'N p1'],
      [5, 'p7', 'N p7'],
      [6, 'p0', 'N p0'],
    ]);
    expect(await repos.boards.daily(DAY, 6, 2)).toEqual([]);
    for (const row of pages) {
      expect(await repos.boards.dailyRankOf(DAY, row.playerId)).toEqual(row);
      expect(typeof row.timeMs).toBe('number');
      expect(typeof row.finishedAt).toBe('number');
    }
    expect(await repos.boards.dailyRankOf(DAY, 'p5')).toBeUndefined();
    expect(await repos.boards.dailyResultOf(DAY, 'p5')).toBeUndefined();
    expect(await repos.boards.dailyResultOf(DAY, 'p1')).toMatchObject({ playerId: 'p1', won: true, timeMs: 200_000 });
    // Only verified results count; numbers arrive as numbers.
    expect(await repos.boards.dailyCounts(DAY)).toStrictEqual({ played: 6, won: 4 });
    expect(await repos.boards.dailyCounts('2030-01-01')).toStrictEqual({ played: 0, won: 0 });
  });

  test('pages of the all-time boards, put together, are each whole board in order; ties go to the best time, then the player id', async () => {
    const repos = await fresh();
    // Each player's wins: the first `streak` on consecutive days, the rest a day apart.
    for (const [i, wins, streak] of [
      [1, 5, 2],
      [2, 9, 1],
      [3, 5, 4],
      [4, 5, 2],
      [5, 0, 0],
    ] as const) {
      const id = `s${i}`;
      await player(repos, id);
      let day = 0;
      for (let w = 0; w < wins; w++) {
        await storeResult(repos, { playerId: id, date: dayAfter(day), timeMs: 100_000 + i });
        day += w + 1 < streak ? 1 : 2;
      }
      await storeResult(repos, { playerId: id, date: dayAfter(day), won: false, timeMs: 1_000 });
    }
    // s1, s3 and s4 tie on 5 wins: the best time breaks it (s1's 100,001 ms first), not the id.
    expect((await allPages((o, l) => repos.boards.mostWins(o, l), 2)).map((r) => r.playerId)).toEqual([
      's2',
      's1',
      's3',
      's4',
      's5',
    ]);
    // s4 and s1 tie on a streak of 2 and 5 wins: the faster best time first.
    expect((await allPages((o, l) => repos.boards.longestStreaks(o, l), 2)).map((r) => r.playerId)).toEqual([
      's3',
      's1',
      's4',
      's2',
      's5',
    ]);
    expect(await repos.boards.statsOf(['s3', 'nobody'])).toStrictEqual([
      {
        playerId: 's3',
        nickname: 'N s3',
        dailyPlayed: 6,
        dailyWins: 5,
        currentStreak: 0,
        bestStreak: 4,
        lastWinDate: dayAfter(5),
        bestTimeMs: 100_003,
      },
    ]);
  });

  test('the fastest wins of all days, paged, in order of time then finishing', async () => {
    const repos = await fresh();
    const result = async (i: number, r: Omit<Result, 'playerId' | 'date'> & { date?: string }) => {
      await player(repos, `p${i}`);
      await storeResult(repos, { playerId: `p${i}`, date: DAY, finishedAt: 1_000 - i, ...r });
    };
    await result(0, { timeMs: 300_000 });
    await result(1, { timeMs: 100_000, date: NEXT });
    await result(2, { timeMs: 100_000 });
    await result(3, { won: false, timeMs: 50_000 });
    await result(4, { timeMs: 20_000, verified: false });
    await result(5, { timeMs: 200_000 });
    const fastest = await allPages((o, l) => repos.boards.fastestWins(o, l), 2);
    // p1 and p2 tie on time: p2 finished first (finishing order runs backwards from p0).
    expect(fastest.map((r) => [r.rank, r.playerId, r.date])).toEqual([
      [1, 'p2', DAY],
      [2, 'p1', NEXT],
      [3, 'p5', DAY],
      [4, 'p0', DAY],
    ]);
  });

  test("the day's winning times, per grain: every verified win of the day, and nothing else", async () => {
    const repos = await fresh();
    const stored: Result[] = [];
    const result = async (r: Omit<Result, 'playerId' | 'date'> & { date?: string }) => {
      const row = { playerId: `w${stored.length}`, date: DAY, ...r };
      await player(repos, row.playerId);
      await storeResult(repos, row);
      stored.push(row);
    };
    const expected = (date: string) =>
      histogram(
        stored
          .filter((r) => r.date === date && (r.won ?? true) && (r.verified ?? true))
          .map((r) => [r.timeMs, 1] as const),
        undefined,
      );
    const sorted = (counts: TimeCounts) => [...counts].sort((a, b) => a[0] - b[0]);

    expect(await repos.boards.dailyWinTimes(DAY)).toEqual([]);
    for (const timeMs of [61_000, 62_500, 64_999, 65_000, 300_000, 7_200_000]) await result({ timeMs });
    await result({ timeMs: 61_000, won: false });
    await result({ timeMs: 61_000, verified: false });
    await result({ timeMs: 61_000, date: NEXT });
    expect(sorted(await repos.boards.dailyWinTimes(DAY))).toEqual([
      [60_000, 3],
      [65_000, 1],
      [300_000, 1],
      [7_200_000, 1],
    ]);
    expect(await repos.boards.dailyWinTimes(NEXT)).toEqual([[60_000, 1]]);
    // Wins stored after a first count are counted too.
    for (let i = 0; i < 5; i++) await result({ timeMs: 30_000 + i * 90_000 });
    expect(histogram(await repos.boards.dailyWinTimes(DAY), undefined)).toEqual(expected(DAY));
  });
}
