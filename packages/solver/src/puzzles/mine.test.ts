import { positionFromText, replay } from '@scorpion/rules';
import { expect, it } from 'vitest';
import { solve } from '../index.ts';
import { boardText } from './board-text.ts';
import { checkPuzzle } from './check.ts';
import { minePuzzles } from './mine.ts';

const limits = { nodes: 200_000, ms: 3_600_000, tableMegabytes: 8 };
const KEY = { variant: 'scorpion', options: { foundations: false, open: false } } as const;
const start = positionFromText('scorpion', '3S KS JS 9S | 8S TS QS 5S | AS 7S 2S 4S 6S');
const line = (() => {
  const verdict = solve(start, limits);
  if (verdict.result !== 'win') throw new Error('the board is winnable');
  return verdict.line;
})();

it('starts a puzzle where the line meets the only winning move, and keeps its forced moves after it', () => {
  const puzzles = minePuzzles(start, line, { solve, limits, maxMoves: 4 });
  expect(puzzles[0]).toMatchObject({ ply: 0, legal: 3 });
  expect(puzzles[0]?.solution[0]).toEqual({ kind: 'move', from: 1, row: 3, to: 2 });
  for (const puzzle of puzzles) {
    expect(puzzle.solution.length).toBeGreaterThan(0);
    expect(puzzle.solution.length).toBeLessThanOrEqual(4);
    // Each puzzle is where the line is, and its solution is the line's own moves.
    expect(puzzle.solution).toEqual(line.slice(puzzle.ply, puzzle.ply + puzzle.solution.length));
    expect(replay(start, line.slice(0, puzzle.ply))).toMatchObject({ ok: true });
    const stored = { ...puzzle, board: boardText(puzzle.start) };
    expect(checkPuzzle(KEY, stored, solve, limits)).toBeUndefined();
  }
});

it('cuts a long run of forced moves at the most a puzzle takes', () => {
  const [first] = minePuzzles(start, line, { solve, limits, maxMoves: 1 });
  expect(first?.solution).toHaveLength(1);
});

it('finds a stored puzzle wrong when its move is not the only winning one', () => {
  const board = boardText(start);
  const wrong = { ply: 0, board, solution: [{ kind: 'move', from: 2, row: 3, to: 1 }] as const, legal: 3, nodes: 0 };
  expect(checkPuzzle(KEY, wrong, solve, limits)).toMatch(/^step 1: the only winning move is/);
  const several = boardText(positionFromText('scorpion', 'KS QS JS TS 9S 8S 7S 6S 5S | 4S | 3S | 2S AS'));
  const notForced = { ...wrong, board: several, solution: [{ kind: 'move', from: 1, row: 0, to: 0 }] as const };
  expect(checkPuzzle(KEY, notForced, solve, limits)).toBe('step 1: several, not one winning move');
});
