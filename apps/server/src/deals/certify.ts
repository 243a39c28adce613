import type { Card, Options, VariantId } from '@scorpion/rules';

/**
 * The seam for the solver: a certifier says whether a deal can be won. Daily deals and races
 * with "winnable deals only" take the first candidate deal it calls `winnable`.
 *
 * Plug the solver in by implementing this interface, e.g.
 *   solve(newGame(variant, options, deck), { maxNodes, maxMs }) → 'win' | 'loss' | 'unknown'
 * mapped to `winnable` | `unwinnable` | `unknown`, and passing it as `buildApp({ certifier })`.
 */
export type Verdict = 'winnable' | 'unwinnable' | 'unknown';

export interface Certifier {
  /** Stored with each daily deal, so we know later which deals were really proven. */
  readonly name: string;
  certify(variant: VariantId, options: Options, deck: readonly Card[]): Promise<Verdict>;
}

/** Until the solver lands: every deal passes, and the name says that nothing was proven. */
export const acceptEveryDeal: Certifier = {
  name: 'none',
  certify: async () => 'winnable',
};

/** How many candidates to try before settling for the first one whose verdict was `unknown`. */
export const MAX_CANDIDATES = 20;

/**
 * The first candidate the certifier proves winnable; failing that, the first it could not
 * decide; failing that, candidate 0 (a deal is always produced, so the day always has one).
 */
export async function pickCertified<T extends { deck: readonly Card[] }>(
  certifier: Certifier,
  variant: VariantId,
  options: Options,
  candidate: (n: number) => T,
): Promise<T & { candidate: number }> {
  let fallback: (T & { candidate: number }) | undefined;
  for (let n = 0; n < MAX_CANDIDATES; n++) {
    const deal = { ...candidate(n), candidate: n };
    const verdict = await certifier.certify(variant, options, deal.deck);
    if (verdict === 'winnable') return deal;
    if (verdict === 'unknown') fallback ??= deal;
  }
  return fallback ?? { ...candidate(0), candidate: 0 };
}
