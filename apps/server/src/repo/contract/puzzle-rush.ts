import { expect, test } from 'vitest';
import type { PuzzleRushRow } from '../ports/puzzle-rush.ts';
import type { FreshRepos } from './fixtures.ts';

const run = (id: string, playerId: string, startedAt: number): PuzzleRushRow => ({
  id,
  playerId,
  puzzleIds: ['p1', 'p2', 'p3'],
  at: 0,
  step: 0,
  score: 0,
  mistakes: [],
  status: 'open',
  startedAt,
  endsAt: startedAt + 180_000,
  endedAt: null,
});

/** Puzzle rush runs, as any store must keep them. */
export function puzzleRushContract(fresh: FreshRepos): void {
  test('puzzle rush: a run moves on once from where it was, ends once, and the best is over ended runs', async () => {
    const { puzzleRush } = await fresh();
    await puzzleRush.start(run('r1', 'a', 10));
    await puzzleRush.start(run('r2', 'a', 20));
    await puzzleRush.start(run('r3', 'b', 30));
    expect(await puzzleRush.run('r1')).toStrictEqual(run('r1', 'a', 10));
    expect(await puzzleRush.run('nope')).toBeUndefined();
    expect((await puzzleRush.openRuns('a')).map((r) => r.id)).toEqual(['r2', 'r1']);
    expect(await puzzleRush.best('a')).toBeUndefined();

    const mistake = { at: 1, step: 0, move: { kind: 'move' as const, from: 1, row: 0, to: 0 } };
    const solved = { at: 1, step: 0, score: 1, mistakes: [], endsAt: 180_010, status: 'open' as const, endedAt: null };
    expect(await puzzleRush.update('r1', { at: 0, step: 1 }, solved)).toBe(false);
    expect(await puzzleRush.update('r1', { at: 0, step: 0 }, solved)).toBe(true);
    // Sent again from the same place: the run has moved on, nothing is written twice.
    expect(await puzzleRush.update('r1', { at: 0, step: 0 }, { ...solved, score: 2 })).toBe(false);
    const over = { ...solved, at: 2, mistakes: [mistake], endsAt: 170_010, status: 'over' as const, endedAt: 90_000 };
    expect(await puzzleRush.update('r1', { at: 1, step: 0 }, over)).toBe(true);
    expect(await puzzleRush.run('r1')).toStrictEqual({ ...run('r1', 'a', 10), ...over });
    expect(await puzzleRush.update('r1', { at: 2, step: 0 }, over)).toBe(false);
    expect((await puzzleRush.openRuns('a')).map((r) => r.id)).toEqual(['r2']);
    expect(await puzzleRush.best('a')).toBe(1);
    const zero = { ...run('r2', 'a', 20), status: 'over' as const, endedAt: 200_020 };
    expect(await puzzleRush.update('r2', { at: 0, step: 0 }, zero)).toBe(true);
    expect(await puzzleRush.best('a')).toBe(1);
    expect(await puzzleRush.best('b')).toBeUndefined();
  });
}
