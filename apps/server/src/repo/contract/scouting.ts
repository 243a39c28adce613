import { expect, test } from 'vitest';
import { dayAfter, type FreshRepos, player, storeResult } from './fixtures.ts';

const DAY = dayAfter(0);

/** What the ranked daily asks of a store against scouting: who signed up when, who opened what from where, flagged results. */
export function scoutingContract(fresh: FreshRepos): void {
  test('players: when each signed up; nobody is backed by a passkey until one is stored', async () => {
    const repos = await fresh();
    await repos.players.create({ id: 'a', nickname: 'ann', nicknameKey: 'ann', tokenHash: 'h', at: 1_234 });
    expect(await repos.players.createdAt('a')).toBe(1_234);
    expect(await repos.players.createdAt('nobody')).toBeUndefined();
    expect(await repos.players.isBacked('a')).toBe(false);
  });

  test('openings: another player on an address or a device the player used, by then, is found; a device first', async () => {
    const repos = await fresh();
    const open = (playerId: string, address: string, device: string, at: number, date = DAY) =>
      repos.daily.opened({ date, playerId, address, device, at });
    await open('me', 'home', 'laptop', 100);
    // The same opening again keeps its first time.
    await open('me', 'home', 'laptop', 900);
    expect(await repos.daily.sharedOpen(DAY, 'me', 1_000)).toBeUndefined();
    // Another player at another address, on no device: nothing shared.
    await open('far', 'elsewhere', '', 50);
    // Another day's opening from home does not count for this day.
    await open('spare', 'home', 'laptop', 10, dayAfter(1));
    expect(await repos.daily.sharedOpen(DAY, 'me', 1_000)).toBeUndefined();
    // A spare from home, after the result ended: not yet.
    await open('spare', 'home', 'phone', 2_000);
    expect(await repos.daily.sharedOpen(DAY, 'me', 1_000)).toBeUndefined();
    expect(await repos.daily.sharedOpen(DAY, 'me', 2_000)).toBe('address');
    // The same device from another address says more than an address.
    await open('spare2', 'cafe', 'laptop', 500);
    expect(await repos.daily.sharedOpen(DAY, 'me', 1_000)).toBe('device');
    // No device ('') is never a shared device.
    await open('cli', 'cafe', '', 300);
    await open('cli2', 'cafe2', '', 300);
    await open('me2', 'cafe2', '', 400);
    expect(await repos.daily.sharedOpen(DAY, 'me2', 1_000)).toBe('address');
    await open('lone', 'lone-address', '', 400);
    expect(await repos.daily.sharedOpen(DAY, 'lone', 1_000)).toBeUndefined();
    // The player's own later openings do not reach back: only those by `until` count.
    await open('late', 'cafe', 'tablet', 5_000);
    expect(await repos.daily.sharedOpen(DAY, 'late', 1_000)).toBeUndefined();
  });

  test("openings of days before a date are forgotten; that day's and later ones stay", async () => {
    const repos = await fresh();
    for (const [i, date] of [dayAfter(0), dayAfter(1), dayAfter(2)].entries())
      await repos.daily.opened({ date, playerId: `p${i}`, address: 'home', device: '', at: i });
    expect(await repos.daily.forgetOpensBefore(dayAfter(2))).toBe(2);
    expect(await repos.daily.forgetOpensBefore(dayAfter(2))).toBe(0);
    await repos.daily.opened({ date: dayAfter(2), playerId: 'me', address: 'home', device: '', at: 5 });
    expect(await repos.daily.sharedOpen(dayAfter(2), 'me', 10)).toBe('address');
  });

  test('a flagged result is kept apart: its owner reads it with the reason; no board, rank or count has it', async () => {
    const repos = await fresh();
    await player(repos, 'honest');
    await player(repos, 'scout');
    await storeResult(repos, { playerId: 'honest', date: DAY, timeMs: 90_000 });
    await storeResult(repos, { playerId: 'scout', date: DAY, timeMs: 10_000, flag: 'address' });
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
      flag: 'address',
    });
    expect(await repos.boards.dailyFlaggedOf(DAY, 'honest')).toBeUndefined();
  });
}
