import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Card, dealFromSeed, type Move, parseDeck, type VariantId } from '@scorpion/rules';
import { type DealSource, secretDeals } from '../deals/source.ts';

export interface WinningRecord {
  readonly variant: VariantId;
  readonly deck: readonly string[];
  readonly moves: readonly Move[];
}

/** A Scorpion deal and a line that wins it (from the rules' conformance fixtures). */
export const WINNING: WinningRecord = JSON.parse(
  readFileSync(new URL('./fixtures/winning-scorpion.json', import.meta.url), 'utf8'),
);

export const WINNING_DECK: readonly Card[] = parseDeck(WINNING.deck, 1) as Card[];

/** The seed the fixed source claims; it must never reach a client before the game is public. */
export const FIXED_SEED = '5eed5eed5eed5eed5eed5eed5eed5eed';

/** Every deal is the winning deal: the test-only seam for playing a game to a known win. */
export const fixedDeals: DealSource = {
  daily: () => ({ seed: FIXED_SEED, deck: WINNING_DECK }),
  fresh: () => ({ seed: FIXED_SEED, deck: WINNING_DECK }),
  arena: () => ({ seed: FIXED_SEED, deck: WINNING_DECK }),
};

/**
 * What `startServer` deals unless a test brings its own: the daily as production deals it (an
 * HMAC of the date with the test secret, so a test with a fixed clock knows its day), and every
 * race or practice game from the next of a fixed row of seeds instead of `crypto`. A test that
 * plays therefore plays the same deals on every run: if it passes once, no deal can fail it.
 */
export function knownDeals(secret: string): DealSource {
  let next = 0;
  return {
    daily: secretDeals(secret).daily,
    fresh(variant) {
      const seed = createHash('sha256').update(`test-deal:${variant}:${next++}`).digest('hex').slice(0, 32);
      return { seed, deck: dealFromSeed(variant, seed) };
    },
  };
}
