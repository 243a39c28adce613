import { type Card, dealFromSeed, type Move, newGame, type Options, type VariantId } from '@scorpion/rules';
import { type Difficulty, difficultyOf } from './difficulty.ts';
import { solve } from './solve.ts';
import type { Limits } from './types.ts';

/**
 * The budget for certifying one candidate deal. A winnable deal's first winning line is usually
 * found within a few thousand nodes; a candidate that is lost or slow is simply thrown away (the
 * next seed is as good), so the budget is small enough that the expected five or so candidates
 * fit well under a second. The price: certified deals lean towards those whose win the solver
 * finds quickly, which the difficulty rating then reflects.
 */
export const CERTIFY_LIMITS: Limits = { nodes: 20_000, ms: 60 };

export type Certificate =
  | {
      readonly winnable: true;
      readonly line: readonly Move[];
      readonly nodes: number;
      readonly ms: number;
      readonly difficulty: Difficulty;
    }
  | { readonly winnable: false | 'unknown'; readonly nodes: number; readonly ms: number };

/** Whether a deal (from its start) is proven winnable within `budget` (over `CERTIFY_LIMITS`), with the line if so. */
export function certifyDeal(
  variant: VariantId,
  options: Options,
  deck: readonly Card[],
  budget: Limits = {},
): Certificate {
  const verdict = solve(newGame(variant, options, deck), { ...CERTIFY_LIMITS, ...budget });
  const { nodes, ms } = verdict;
  if (verdict.result === 'win') {
    return {
      winnable: true,
      line: verdict.line,
      nodes,
      ms,
      difficulty: difficultyOf(nodes, verdict.line.length, deck.length),
    };
  }
  return { winnable: verdict.result === 'loss' ? false : 'unknown', nodes, ms };
}

export interface CertifiedDeal {
  readonly seed: string;
  /** Which candidate won: the seed is `seedAt(counter)`. */
  readonly counter: number;
  readonly deck: readonly Card[];
  readonly line: readonly Move[];
  readonly difficulty: Difficulty;
  /** Candidates thrown away before this one, and the time spent on all of them. */
  readonly rejected: number;
  readonly ms: number;
}

/**
 * The first candidate deal proven winnable: for the daily deal (`seedAt` derives a seed from the
 * day's secret and a counter) and for "winnable deals only" races. Returns `undefined` when
 * `maxCandidates` are all rejected.
 */
export function findCertifiedDeal(request: {
  readonly variant: VariantId;
  readonly options: Options;
  readonly seedAt: (counter: number) => string;
  readonly budget?: Limits;
  readonly maxCandidates?: number;
}): CertifiedDeal | undefined {
  const { variant, options, seedAt, budget = {}, maxCandidates = 64 } = request;
  const start = performance.now();
  for (let counter = 0; counter < maxCandidates; counter++) {
    const seed = seedAt(counter);
    const deck = dealFromSeed(variant, seed);
    const certificate = certifyDeal(variant, options, deck, budget);
    if (certificate.winnable === true) {
      const { line, difficulty } = certificate;
      return { seed, counter, deck, line, difficulty, rejected: counter, ms: Math.round(performance.now() - start) };
    }
  }
  return undefined;
}
