import { expect, test } from 'vitest';
import { totalsOf } from '../../daily/stats.ts';
import type { Repos } from '../types.ts';
import { dayAfter, type FreshRepos, moderationOf, player, storeResult } from './fixtures.ts';

const [D0, D1, D2] = [dayAfter(0), dayAfter(1), dayAfter(2)];
const NOW = Date.parse(`${D2}T12:00:00Z`);

const totals = async (repos: Repos, id: string) => {
  const [row] = await repos.boards.statsOf([id]);
  return row && [row.dailyPlayed, row.dailyWins, row.currentStreak, row.bestStreak];
};

/** Held and marked results leave the day's counts and the streaks too, not only the boards. */
export function countsContract(fresh: FreshRepos): void {
  test("a held result leaves the day's counts and the player's streak; cleared, it is back", async () => {
    const repos = await fresh();
    for (const id of ['a', 'b', 'mod']) await player(repos, id);
    for (const [i, date] of [D0, D1, D2].entries()) {
      await storeResult(repos, { playerId: 'a', date, timeMs: 60_000 + i });
    }
    await storeResult(repos, { playerId: 'b', date: D1, timeMs: 90_000, won: false });
    expect(await repos.boards.dailyCounts(D1)).toEqual({ played: 2, won: 1 });
    expect(await totals(repos, 'a')).toEqual([3, 3, 3, 3]);

    // The evidence holds a's middle day (as the runner does: stored held, then counted again).
    const game = (await repos.boards.dailyResultOf(D1, 'a'))!.gameId;
    await repos.evidence.queue(game, 'a', 1);
    await repos.evidence.weighed(game, { version: 1, score: 9, held: true, signals: '{}', at: 2 });
    const recounted = await repos.boards.recount('a', totalsOf);
    expect(recounted.map((r) => [r.date, r.counted])).toEqual([
      [D0, true],
      [D1, false],
      [D2, true],
    ]);
    expect(await repos.boards.dailyCounts(D1)).toEqual({ played: 1, won: 0 });
    expect(await repos.boards.dailyCounts(D0)).toEqual({ played: 1, won: 1 });
    // Two wins with a gap: the streak is broken where the held day was.
    expect(await totals(repos, 'a')).toEqual([2, 2, 1, 1]);
    expect((await repos.boards.longestStreaks(0, 5)).map((r) => [r.playerId, r.bestStreak])).toEqual([
      ['a', 1],
      ['b', 0],
    ]);

    // A moderator clears a: the game is back in every count.
    const moderation = moderationOf(repos, NOW);
    await moderation.enqueueHeld({ playerId: 'a', gameId: game, summary: 'test' });
    expect(await moderation.clear('mod', 'a', 'a good player')).toEqual({ ok: true });
    expect(await repos.boards.dailyCounts(D1)).toEqual({ played: 2, won: 1 });
    expect(await totals(repos, 'a')).toEqual([3, 3, 3, 3]);
    // Counting again changes nothing more.
    await repos.boards.recount('a', totalsOf);
    expect(await repos.boards.dailyCounts(D1)).toEqual({ played: 2, won: 1 });
    expect(await totals(repos, 'a')).toEqual([3, 3, 3, 3]);
  });

  test("a marked player's results leave every day's counts and their own totals; the mark undone, they are back", async () => {
    const repos = await fresh();
    for (const id of ['a', 'b', 'mod']) await player(repos, id);
    await storeResult(repos, { playerId: 'a', date: D0, timeMs: 60_000 });
    await storeResult(repos, { playerId: 'a', date: D1, timeMs: 60_000 });
    await storeResult(repos, { playerId: 'b', date: D1, timeMs: 70_000 });
    await storeResult(repos, { playerId: 'b', date: D2, timeMs: 70_000, verified: false });
    const moderation = moderationOf(repos, NOW);
    expect(await moderation.mark('mod', 'a', 'plays the hidden cards')).toEqual({ ok: true });
    expect(await repos.boards.dailyCounts(D0)).toEqual({ played: 0, won: 0 });
    expect(await repos.boards.dailyCounts(D1)).toEqual({ played: 1, won: 1 });
    expect(await totals(repos, 'a')).toEqual([0, 0, 0, 0]);
    expect(await totals(repos, 'b')).toEqual([1, 1, 1, 1]);

    const [entry] = await repos.moderation.log(0, 1);
    expect(await moderation.undo('mod', entry!.id)).toEqual({ ok: true });
    expect(await repos.boards.dailyCounts(D0)).toEqual({ played: 1, won: 1 });
    expect(await repos.boards.dailyCounts(D1)).toEqual({ played: 2, won: 2 });
    expect(await totals(repos, 'a')).toEqual([2, 2, 2, 2]);
  });
}
