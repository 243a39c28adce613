import type { Card, Move, Options, VariantId } from '@scorpion/rules';

/**
 * The seam for the solver: a certifier says whether a deal can be won and, when it proves it,
 * how (the winning line) and how hard (the difficulty). Daily deals and races with "winnable
 * deals only" take the first candidate deal it calls `winnable`; the daily deal keeps the
 * certificate, to show the difficulty today and publish the line once the day is over.
 */
export type Verdict = 'winnable' | 'unwinnable' | 'unknown';

/** The solver's difficulty rating (see `@scorpion/solver`'s `difficultyOf`). */
export interface Difficulty {
  readonly stars: 1 | 2 | 3 | 4 | 5;
  readonly score: number;
}

export interface Certificate {
  readonly verdict: Verdict;
  /** A winning line from the deal's start, when the deal was proven winnable by search. */
  readonly line?: readonly Move[];
  readonly difficulty?: Difficulty;
  /** Search effort spent on this candidate. */
  readonly nodes: number;
  readonly ms: number;
}

/**
 * The certifier cannot answer now (the solver's threads died or are restarting); nothing was
 * dealt. Callers refuse with `solver-unavailable` rather than deal an unproven deal: a day's
 * deal is kept for the whole day, and a host who asked for a winnable deal is told why not.
 */
export class CertifierUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CertifierUnavailable';
  }
}

export interface Certifier {
  /** Stored with each daily deal, so we know later which deals were really proven. */
  readonly name: string;
  /** Rejects with `CertifierUnavailable` when it cannot answer now. */
  certify(variant: VariantId, options: Options, deck: readonly Card[]): Promise<Certificate>;
}

/**
 * No solver (CERTIFY=none, and tests that bring their own deals): every deal passes, with no
 * line and no difficulty, so nothing downstream can mistake it for a proof.
 */
export const acceptEveryDeal: Certifier = {
  name: 'none',
  certify: async () => ({ verdict: 'winnable', nodes: 0, ms: 0 }),
};

/**
 * How many candidates to try before settling for the first one whose verdict was `unknown`.
 * About one classic deal in nine is proven winnable within the server's budget, so 20 tries
 * left about one day in ten unproven; 64 (the solver's own default) leaves one in 2,000, for
 * about nine tries (~0.4 s on a solver thread) on average.
 */
export const MAX_CANDIDATES = 64;

export type Certified<T> = T & { readonly candidate: number; readonly certificate: Certificate };

/**
 * The first candidate the certifier proves winnable; failing that, the first it could not
 * decide; failing that, candidate 0 (a deal is always produced, so the day always has one).
 * Each comes with its own certificate.
 */
export async function pickCertified<T extends { deck: readonly Card[] }>(
  certifier: Certifier,
  variant: VariantId,
  options: Options,
  candidate: (n: number) => T,
): Promise<Certified<T>> {
  let first: Certified<T> | undefined;
  let undecided: Certified<T> | undefined;
  for (let n = 0; n < MAX_CANDIDATES; n++) {
    const deal = candidate(n);
    const certificate = await certifier.certify(variant, options, deal.deck);
    const certified = { ...deal, candidate: n, certificate };
    if (certificate.verdict === 'winnable') return certified;
    first ??= certified;
    if (certificate.verdict === 'unknown') undecided ??= certified;
  }
  return undecided ?? first!;
}
