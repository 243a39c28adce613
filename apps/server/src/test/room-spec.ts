import type { RoomSpec } from '../races/answers.ts';

/**
 * A plain Scorpion room without a time limit, whose races wait for every racer: what the hub's
 * tests and the repository contract create (the finish window has its own tests).
 */
export const UNTIMED: RoomSpec = {
  variant: 'scorpion',
  options: { foundations: false, open: false },
  timeLimit: 0,
  winnableOnly: false,
  rated: false,
  bestOf: 1,
  finishWindow: 0,
};
