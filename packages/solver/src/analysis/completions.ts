import type { Card, GameState, Sfc32 } from '@scorpion/rules';

/** Whether any card of `state` is hidden from its player: face down in a column, or in the stock. */
export function hasHiddenCards(state: GameState): boolean {
  return state.stock.length > 0 || state.hidden.some((n) => n > 0);
}

/**
 * A deal the player could not tell from `state`: the same visible cards, and the cards they
 * cannot see (face down, or in the stock) shuffled among the same places. The player knows
 * which cards those are (the deck less what is in view), not where each lies, so every such
 * completion is equally likely from where they sit. `rng` makes it reproducible.
 */
export function sampleCompletion(state: GameState, rng: Sfc32): GameState {
  const unseen: Card[] = [];
  state.columns.forEach((column, c) => {
    unseen.push(...column.slice(0, state.hidden[c]!));
  });
  unseen.push(...state.stock);
  for (let i = unseen.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [unseen[i], unseen[j]] = [unseen[j]!, unseen[i]!];
  }
  let next = 0;
  const columns = state.columns.map((column, c) => {
    const down = state.hidden[c]!;
    if (down === 0) return column;
    next += down;
    return [...unseen.slice(next - down, next), ...column.slice(down)];
  });
  return { ...state, columns, stock: unseen.slice(next) };
}
