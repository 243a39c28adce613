import { expect, test } from 'vitest';
import { openedOnSharedDevice } from '../../daily/flag-verdict.ts';
import { dayAfter, type FreshRepos, player, storeResult } from './fixtures.ts';

const DAY = dayAfter(0);

/** What the ranked daily asks of a store against scouting: who opened what from where, flagged results. */
export function scoutingContract(fresh: FreshRepos): void {
  test('openings: another player on a device the player used, by then, is found; an address alone is not', async () => {
    const repos = await fresh();
    const open = (playerId: string, address: string, device: string, at: number, date = DAY) =>
      repos.daily.opened({ date, playerId, address, device, at });
    await open('me', 'home', 'laptop', 100);
    // The same opening again keeps its first time.
    await open('me', 'home', 'laptop', 900);
    expect(await openedOnSharedDevice(repos.daily, DAY, 'me', 1_000)).toBe(false);
    // Another day's opening on the laptop does not count for this day.
    await open('spare', 'home', 'laptop', 10, dayAfter(1));
    expect(await openedOnSharedDevice(repos.daily, DAY, 'me', 1_000)).toBe(false);
    // Someone else at home, on their own phone, before and after: a household, not evidence.
    await open('sister', 'home', 'phone', 50);
    await open('brother', 'home', 'tablet', 2_000);
    expect(await openedOnSharedDevice(repos.daily, DAY, 'me', 5_000)).toBe(false);
    // The same device, after the result ended: not yet; by then, from any address: found.
    await open('spare2', 'cafe', 'laptop', 2_000);
    expect(await openedOnSharedDevice(repos.daily, DAY, 'me', 1_000)).toBe(false);
    expect(await openedOnSharedDevice(repos.daily, DAY, 'me', 2_000)).toBe(true);
    // No device ('') is never a shared device, even at one address.
    await open('cli', 'cafe', '', 300);
    await open('me2', 'cafe', '', 400);
    expect(await openedOnSharedDevice(repos.daily, DAY, 'me2', 1_000)).toBe(false);
    // The player's own later openings do not reach back: only those by `until` count.
    await open('late', 'elsewhere', 'laptop', 5_000);
    expect(await openedOnSharedDevice(repos.daily, DAY, 'late', 1_000)).toBe(false);
  });

  test("openings of days before a date are forgotten; that day's and later ones stay", async () => {
    const repos = await fresh();
    for (const [i, date] of [dayAfter(0), dayAfter(1), dayAfter(2)].entries())
      await repos.daily.opened({ date, playerId: `p${i}`, address: 'home', device: 'laptop', at: i });
    expect(await repos.daily.forgetOpensBefore(dayAfter(2))).toBe(2);
    expect(await repos.daily.forgetOpensBefore(dayAfter(2))).toBe(0);
    await repos.daily.opened({ date: dayAfter(2), playerId: 'me', address: 'home', device: 'laptop', at: 5 });
    expect(await openedOnSharedDevice(repos.daily, dayAfter(2), 'me', 10)).toBe(true);
  });

  test('a flagged result is kept apart: its owner reads it with the reason; no board, rank or count has it', async () => {
    const repos = await fresh();
    await player(repos, 'honest');
    await player(repos, 'scout');
    await storeResult(repos, { playerId: 'honest', date: DAY, timeMs: 90_000 });
    await storeResult(repos, { playerId: 'scout', date: DAY, timeMs: 10_000, flag: 'device' });
    expect((await repos.boards.daily(DAY, 0, 10)).map((r) => [r.rank, r.playerId])).toEqual([[1, 'honest']]);
    expect((await repos.boards.dailyOrder(DAY, undefined, 10)).map((k) => k.playerId)).toEqual(['honest']);
    expect(await repos.boards.dailyCounts(DAY)).toEqual({ played: 1, won: 1 });
    expect(await repos.boards.dailyRankOf(DAY, 'scout')).toBeUndefined();
    expect(await repos.boards.dailyResultOf(DAY, 'scout')).toBeUndefined();
    expect(await repos.boards.dailyWinTimes(DAY)).toHaveLength(1);
    expect((await repos.boards.fastestWins(0, 10)).map((r) => r.playerId)).toEqual(['honest']);
    expect((await repos.boards.mostWins(0, 10)).map((r) => r.playerId)).toEqual(['honest']);
    expect(await repos.boards.statsOf(['scout'])).toEqual([]);
    expect(await repos.boards.dailyFlaggedOf(DAY, 'scout')).toMatchObject({
      date: DAY,
      playerId: 'scout',
      won: true,
      timeMs: 10_000,
      verified: true,
      flag: 'device',
    });
    expect(await repos.boards.dailyFlaggedOf(DAY, 'honest')).toBeUndefined();
  });
}
