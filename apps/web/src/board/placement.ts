import type { Card, GameState } from '@scorpion/rules';

/** One card on the table, where it is drawn and the key that lets it glide from move to move. */
export interface Placed {
  readonly key: string;
  readonly card: Card;
  readonly column: number;
  readonly row: number;
  readonly faceUp: boolean;
  readonly left: number;
  readonly top: number;
}

/**
 * Every column card in one flat list, keyed by the card itself so that a card keeps its element
 * when it changes column (and the move can be animated). Face-down cards have no identity and
 * are keyed by their place. Two copies of a face (Double Scorpion views, where the server sends
 * faces only) get an occurrence number, so keys stay unique.
 */
export function placeCards(view: GameState, tops: readonly (readonly number[])[], step: number): Placed[] {
  const seen = new Map<Card, number>();
  const placed: Placed[] = [];
  view.columns.forEach((column, c) => {
    column.forEach((card, row) => {
      const faceUp = row >= view.hidden[c]! && card >= 0;
      let key = `d${c}:${row}`;
      if (faceUp) {
        const n = seen.get(card) ?? 0;
        seen.set(card, n + 1);
        key = `c${card}:${n}`;
      }
      placed.push({ key, card, column: c, row, faceUp, left: c * step, top: tops[c]![row]! });
    });
  });
  return placed;
}
