import type { DealDifficulty } from '@scorpion/protocol';
import type { Difficulty } from './certify.ts';

/**
 * Words for the solver's stars (see the scale in `@scorpion/solver`'s `difficulty.ts`): one star
 * is a deal the natural moves win, five one whose win hides behind 100,000+ dead ends.
 */
const LABELS: Record<Difficulty['stars'], string> = {
  1: 'Easy',
  2: 'Fair',
  3: 'Tricky',
  4: 'Hard',
  5: 'Fiendish',
};

/** What a client is told about a deal's difficulty: stars and a word, never the raw score. */
export function publicDifficulty(difficulty: Difficulty | null): DealDifficulty | null {
  return difficulty && { stars: difficulty.stars, label: LABELS[difficulty.stars] };
}
