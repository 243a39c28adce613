import { readFileSync } from 'node:fs';
import { type Card, type Move, parseDeck, type VariantId } from '@scorpion/rules';
import type { DealSource } from '../deals/source.ts';

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
};
