import { expect, test } from 'vitest';
import { NEW_PLAYER, ratePuzzle, shown, startingRating } from './rating.ts';

const puzzle = (nodes: number, steps = 1, legal = 3) => ({
  nodes,
  legal,
  solution: Array.from({ length: steps }, () => ({ kind: 'deal' as const })),
});

test("a puzzle's starting rating rises with the solver's effort, its forced moves and its choices", () => {
  expect(shown(startingRating(puzzle(0)))).toBe(1100);
  expect(shown(startingRating(puzzle(1000)))).toBeGreaterThan(shown(startingRating(puzzle(10))));
  expect(shown(startingRating(puzzle(10, 3)))).toBeGreaterThan(shown(startingRating(puzzle(10, 1))));
  expect(shown(startingRating(puzzle(10, 1, 8)))).toBeGreaterThan(shown(startingRating(puzzle(10, 1, 3))));
  expect(shown(startingRating(puzzle(1e12, 4, 30)))).toBe(2800);
});

test('solving moves the player up and the puzzle down; failing the other way; both count a result', () => {
  const start = startingRating(puzzle(100));
  const solved = ratePuzzle(NEW_PLAYER, start, true);
  expect(solved.player.mu).toBeGreaterThan(NEW_PLAYER.mu);
  expect(solved.puzzle.mu).toBeLessThan(start.mu);
  const failed = ratePuzzle(NEW_PLAYER, start, false);
  expect(failed.player.mu).toBeLessThan(NEW_PLAYER.mu);
  expect(failed.puzzle.mu).toBeGreaterThan(start.mu);
  expect([solved.player.games, solved.puzzle.games]).toEqual([1, 1]);
  // Solving a hard puzzle is worth more than solving an easy one.
  const hard = ratePuzzle(NEW_PLAYER, startingRating(puzzle(1e6, 3)), true);
  const easy = ratePuzzle(NEW_PLAYER, startingRating(puzzle(0)), true);
  expect(hard.player.mu - NEW_PLAYER.mu).toBeGreaterThan(easy.player.mu - NEW_PLAYER.mu);
});
