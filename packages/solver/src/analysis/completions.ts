import type { Card, GameState, Sfc32 } from '@scorpion/rules';

const NONE: ReadonlySet<Card> = new Set();

/** Cards of `state` its player cannot see (face down, or in the stock), less those in `known`. */
function unseenCards(state: GameState, known: ReadonlySet<Card>): Card[] {
  const unseen: Card[] = [];
  state.columns.forEach((column, c) => {
    for (const card of column.slice(0, state.hidden[c]!)) if (!known.has(card)) unseen.push(card);
  });
  for (const card of state.stock) if (!known.has(card)) unseen.push(card);
  return unseen;
}

/** Whether any card of `state` is hidden from its player (face down or in the stock, and not `known`). */
export function hasHiddenCards(state: GameState, known: ReadonlySet<Card> = NONE): boolean {
  return unseenCards(state, known).length > 0;
}

/**
 * A deal the player could not tell from `state`: the same visible cards, and the cards they
 * cannot see shuffled among the same places. The player knows which cards those are (the deck
 * less what is in view), not where each lies, so every such completion is equally likely from
 * where they sit. A card in `known` was seen before (turned over, then the move undone): it
 * stays where it is. `rng` makes the draw reproducible.
 */
export function sampleCompletion(state: GameState, rng: Sfc32, known: ReadonlySet<Card> = NONE): GameState {
  const unseen = unseenCards(state, known);
  for (let i = unseen.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [unseen[i], unseen[j]] = [unseen[j]!, unseen[i]!];
  }
  let next = 0;
  const fill = (card: Card) => (known.has(card) ? card : unseen[next++]!);
  const columns = state.columns.map((column, c) => {
    const down = state.hidden[c]!;
    if (down === 0) return column;
    return [...column.slice(0, down).map(fill), ...column.slice(down)];
  });
  return { ...state, columns, stock: state.stock.map(fill) };
}
