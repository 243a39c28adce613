import type { Options, VariantId } from '@scorpion/rules';
import { CERTIFY_LIMITS, type CertifiedDeal, findCertifiedDeal } from '@scorpion/solver/certify';
import type { Limits } from '@scorpion/solver/types';
import { randomSeed } from './seed.ts';

/**
 * How many fresh seeds "winnable deals only" tries before giving up. The hardest case, Double
 * Scorpion without foundations, has about one deal in 40 proven within the solver's small
 * certification budget (about 10 ms a try), so 300 tries fail about once in 2,000 and take a few
 * seconds at worst; the classic deal needs about six.
 */
export const PRACTICE_TRIES = 300;

export type WinnableDeal =
  | { readonly found: true; readonly seed: string; readonly stars: CertifiedDeal['difficulty']['stars'] }
  | { readonly found: false; readonly tried: number };

/**
 * A practice deal the solver proves winnable: fresh seeds until one is won within the small
 * certification budget. Practice is unranked and its seed is the player's own, so the browser
 * may search it (in the solver worker, never on the page's thread).
 */
export function findWinnableDeal(
  variant: VariantId,
  options: Options,
  budget: Limits = {},
  nextSeed: () => string = randomSeed,
  tries = PRACTICE_TRIES,
): WinnableDeal {
  const found = findCertifiedDeal({
    variant,
    options,
    seedAt: () => nextSeed(),
    budget: { ...CERTIFY_LIMITS, ...budget },
    maxCandidates: tries,
  });
  return found ? { found: true, seed: found.seed, stars: found.difficulty.stars } : { found: false, tried: tries };
}
