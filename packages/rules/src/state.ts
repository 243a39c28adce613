import type { Card } from './cards.ts';
import { VARIANTS, type VariantId } from './variants.ts';

export interface Options {
  /** The Solitarium way: a finished King-to-Ace run may be put aside, and brought back. */
  readonly foundations: boolean;
  /** Every card dealt face up: the logic-puzzle way to play. */
  readonly open: boolean;
}

export const DEFAULT_OPTIONS: Options = { foundations: false, open: false };

/**
 * A position. Immutable from the caller's side: every move returns a new state that shares
 * the columns it did not touch.
 *
 * The same shape serves as a player view (see `toPlayerView`): there, face-down cards and stock
 * cards are `UNKNOWN`, and everything else is as in the full state.
 */
export interface GameState {
  readonly variant: VariantId;
  readonly options: Options;
  /** Columns from the bottom card (index 0) to the top card. */
  readonly columns: readonly (readonly Card[])[];
  /** How many cards at the bottom of each column are face down. */
  readonly hidden: readonly number[];
  /** Stock variants: the cards still to be dealt onto columns 1–3, in order. */
  readonly stock: readonly Card[];
  /** Open-reserve variants: the face-up reserve cards still to be played, in order. */
  readonly reserve: readonly Card[];
  /** Runs put aside with the `foundations` option, each King first, in the order placed. */
  readonly foundations: readonly (readonly Card[])[];
}

/**
 * Deals `deck` row by row from its first card: row 0 (the bottom of every column) left to right,
 * then row 1, skipping columns that already hold their count; what is left is the reserve.
 * The deck must already be valid for the variant (see `parseDeck`).
 */
export function newGame(variantId: VariantId, options: Options, deck: readonly Card[]): GameState {
  const variant = VARIANTS[variantId];
  const columns: Card[][] = variant.columns.map(() => []);
  const tallest = Math.max(...variant.columns.map((c) => c.cards));
  let next = 0;
  for (let row = 0; row < tallest; row++) {
    variant.columns.forEach((layout, c) => {
      if (row < layout.cards) columns[c]!.push(deck[next++]!);
    });
  }
  const rest = deck.slice(next);
  return {
    variant: variantId,
    options,
    columns,
    hidden: variant.columns.map((layout) => (options.open ? 0 : layout.facedown)),
    stock: variant.reserve === 'stock' ? rest : [],
    reserve: variant.reserve === 'open' ? rest : [],
    foundations: [],
  };
}
