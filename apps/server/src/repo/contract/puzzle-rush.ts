import { expect, test } from 'vitest';
import type { PuzzleRushRow } from '../ports/puzzle-rush.ts';
import { type FreshRepos, moderationOf, player } from './fixtures.ts';

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
    expect(await puzzleRush.best('a', 100)).toBeUndefined();
    // Left open past its clock (nobody asked since), a run counts as over: r1's score 0 at 180_010.
    expect(await puzzleRush.best('a', 180_010)).toBe(0);

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
    expect(await puzzleRush.best('a', 100)).toBe(1);
    const zero = { ...run('r2', 'a', 20), status: 'over' as const, endedAt: 200_020 };
    expect(await puzzleRush.update('r2', { at: 0, step: 0 }, zero)).toBe(true);
    expect(await puzzleRush.best('a', 100)).toBe(1);
    expect(await puzzleRush.best('b', 100)).toBeUndefined();
  });

  test('puzzle rush: a day board is each player best run ended that day, best first, earlier first on a tie', async () => {
    const repos = await fresh();
    for (const id of ['a', 'b', 'c', 'd']) await player(repos, id);
    const { puzzleRush } = repos;
    const ended = async (id: string, playerId: string, score: number, endedAt: number) => {
      await puzzleRush.start(run(id, playerId, endedAt - 180_000));
      const over = { at: score, step: 0, score, mistakes: [], endsAt: endedAt, status: 'over' as const, endedAt };
      expect(await puzzleRush.update(id, { at: 0, step: 0 }, over)).toBe(true);
    };
    const day = 86_400_000 * 100;
    await ended('a1', 'a', 5, day + 1_000);
    await ended('a2', 'a', 7, day + 2_000);
    await ended('b1', 'b', 7, day + 1_500);
    await ended('c1', 'c', 0, day + 3_000);
    await ended('c2', 'c', 9, day - 1);
    await ended('d1', 'd', 9, day + 86_400_000);
    await ended('d2', 'd', 2, day + 86_399_999);
    // Open with a score: on the board only once its clock has run out, as ended at its clock's end.
    await puzzleRush.start(run('open', 'c', day + 100));
    const scored = {
      at: 3,
      step: 0,
      score: 3,
      mistakes: [],
      endsAt: day + 180_100,
      status: 'open' as const,
      endedAt: null,
    };
    expect(await puzzleRush.update('open', { at: 0, step: 0 }, scored)).toBe(true);
    const board = [
      { playerId: 'b', nickname: 'N b', score: 7, endedAt: day + 1_500 },
      { playerId: 'a', nickname: 'N a', score: 7, endedAt: day + 2_000 },
      { playerId: 'd', nickname: 'N d', score: 2, endedAt: day + 86_399_999 },
    ];
    const end = day + 86_400_000;
    expect(await puzzleRush.dayBests(day, end, end, 10)).toStrictEqual([
      ...board.slice(0, 2),
      { playerId: 'c', nickname: 'N c', score: 3, endedAt: day + 180_100 },
      ...board.slice(2),
    ]);
    expect(await puzzleRush.dayBests(day, end, day + 180_099, 10)).toStrictEqual(board);
    expect((await puzzleRush.dayBests(day, end, end, 2)).map((b) => b.playerId)).toEqual(['b', 'a']);
    // A marked player leaves the board, as every board; cleared, they are back.
    await player(repos, 'mod');
    const moderation = moderationOf(repos, end);
    expect(await moderation.mark('mod', 'b', 'solver help')).toEqual({ ok: true });
    expect((await puzzleRush.dayBests(day, end, end, 10)).map((b) => b.playerId)).toEqual(['a', 'c', 'd']);
    expect(await moderation.clear('mod', 'b', 'a good player')).toEqual({ ok: true });
    expect((await puzzleRush.dayBests(day, end, end, 10)).map((b) => b.playerId)).toEqual(['b', 'a', 'c', 'd']);
  });
}
