import { join } from 'node:path';
import { applyMove } from '@scorpion/rules';
import { allFaceUp } from '@scorpion/solver/puzzles';
import { expect, test } from 'vitest';
import { keyOfStem, loadPuzzles, parsePuzzleFile } from './catalogue.ts';

test('a file stem names a variant and its options; anything else is refused', () => {
  expect(keyOfStem('scorpion+open')).toEqual({ variant: 'scorpion', options: { open: true, foundations: false } });
  expect(keyOfStem('wasp+foundations+open')).toEqual({ variant: 'wasp', options: { open: true, foundations: true } });
  expect(keyOfStem('chess')).toBeUndefined();
  expect(keyOfStem('scorpion+fast')).toBeUndefined();
  expect(() => parsePuzzleFile('scorpion+open', '{"index":1}\n')).toThrow('line 1');
});

test('the shipped puzzles load: unique ids, every position face up, every line legal', () => {
  const puzzles = loadPuzzles(join(import.meta.dirname, '../../../../docs/puzzles/data'));
  expect(puzzles.length).toBeGreaterThan(1000);
  expect(new Set(puzzles.map((p) => p.id)).size).toBe(puzzles.length);
  for (const puzzle of puzzles) {
    expect(allFaceUp(puzzle.start)).toBe(true);
    let state = puzzle.start;
    for (const move of puzzle.solution) {
      const played = applyMove(state, move);
      expect(played.ok).toBe(true);
      if (played.ok) state = played.state;
    }
  }
});
