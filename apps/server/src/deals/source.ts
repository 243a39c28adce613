import { createHmac, randomBytes } from 'node:crypto';
import { type Card, dealFromSeed, type VariantId } from '@scorpion/rules';

export interface Deal {
  readonly seed: string;
  readonly deck: readonly Card[];
}

/**
 * Where deals come from. Production: the daily seed is an HMAC of the date with the server
 * secret (tomorrow's cannot be computed without it), race seeds come fresh from `crypto`.
 * Tests pass their own source to play a deal whose winning line they know.
 */
export interface DealSource {
  daily(variant: VariantId, date: string, candidate: number): Deal;
  fresh(variant: VariantId): Deal;
  /**
   * Candidate `candidate` of deal `deal` of an arena (`arenas/deal-sequence.ts`); absent, the
   * HMAC of the secret, as production deals them.
   */
  arena?(variant: VariantId, arenaId: string, deal: number, candidate: number): Deal;
}

export function secretDeals(secret: string): DealSource {
  return {
    daily(variant, date, candidate) {
      const seed = createHmac('sha256', secret).update(`daily:${date}:${candidate}`).digest('hex').slice(0, 32);
      return { seed, deck: dealFromSeed(variant, seed) };
    },
    fresh(variant) {
      const seed = randomBytes(16).toString('hex');
      return { seed, deck: dealFromSeed(variant, seed) };
    },
  };
}
