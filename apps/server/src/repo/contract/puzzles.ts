import { expect, test } from 'vitest';
import type { FreshRepos } from './fixtures.ts';

const attempt = (id: string, playerId: string, puzzleId: string) => ({
  id,
  playerId,
  puzzleId,
  step: 0,
  status: 'open' as const,
  startedAt: 10,
  endedAt: null,
});

/** Puzzle attempts and ratings, as any store must keep them. */
export function puzzlesContract(fresh: FreshRepos): void {
  test('puzzles: one attempt per player and puzzle, moved on and ended once, ratings written with the end', async () => {
    const repos = await fresh();
    const { puzzles } = repos;
    expect(await puzzles.playerRating('a')).toBeUndefined();
    expect(await puzzles.start(attempt('t1', 'a', 'p1'))).toBe(true);
    expect(await puzzles.start(attempt('t2', 'a', 'p1'))).toBe(false);
    expect(await puzzles.start(attempt('t3', 'b', 'p1'))).toBe(true);
    expect((await puzzles.openAttempt('a'))?.id).toBe('t1');
    expect(await puzzles.advance('t1', 1)).toBe(false);
    expect(await puzzles.advance('t1', 0)).toBe(true);
    expect(await puzzles.advance('t1', 0)).toBe(false);
    const row = (await puzzles.attempt('t1'))!;
    expect(row.step).toBe(1);
    const ratings = { player: { mu: 26, sigma: 8, games: 1 }, puzzle: { mu: 24, sigma: 7, games: 1 } };
    expect(await puzzles.finish(row, 0, 'solved', 20, ratings)).toBe(false);
    expect(await puzzles.finish(row, 1, 'solved', 20, ratings)).toBe(true);
    expect(await puzzles.finish(row, 1, 'solved', 21, ratings)).toBe(false);
    expect(await puzzles.attempt('t1')).toStrictEqual({ ...row, step: 2, status: 'solved', endedAt: 20 });
    expect(await puzzles.openAttempt('a')).toBeUndefined();
    expect(await puzzles.playerRating('a')).toStrictEqual(ratings.player);
    expect(await puzzles.puzzleRating('p1')).toStrictEqual(ratings.puzzle);
    const later = { player: { mu: 23, sigma: 7, games: 1 }, puzzle: { mu: 25, sigma: 6.5, games: 2 } };
    expect(await puzzles.finish((await puzzles.attempt('t3'))!, 0, 'failed', 30, later)).toBe(true);
    expect((await puzzles.attempt('t3'))?.step).toBe(0);
    expect(await puzzles.puzzleRatings()).toStrictEqual(new Map([['p1', later.puzzle]]));
    expect(await puzzles.playedIds('a')).toStrictEqual(new Set(['p1']));
    expect(await puzzles.playedIds('c')).toStrictEqual(new Set());
  });
}
