import { positionFromText } from '@scorpion/rules';
import type { Puzzle } from './catalogue.ts';

/*
 * Puzzles built by hand for the server's tests: their lines are legal moves (the service trusts
 * the shipped data for "only", which the solver's tests and the data test check).
 */

const BOARD = '3S KS JS 9S | 8S TS QS 5S | AS 7S 2S 4S 6S';

/** Two moves: 5S onto 6S, then 8S (with TS QS) onto 9S. */
export const TWO_STEPS: Puzzle = {
  id: 'scorpion+open.1.10',
  start: positionFromText('scorpion', BOARD, { options: { open: true, foundations: false } }),
  solution: [
    { kind: 'move', from: 1, row: 3, to: 2 },
    { kind: 'move', from: 1, row: 0, to: 0 },
  ],
  legal: 3,
  nodes: 40,
};

/** One move, 5S onto 6S: of the same board, so its wrong moves are known (8S onto 9S, 4S onto 5S). */
export const ONE_STEP: Puzzle = { ...TWO_STEPS, id: 'scorpion+open.2.7', solution: [TWO_STEPS.solution[0]!], nodes: 0 };
