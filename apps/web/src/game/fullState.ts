import type { GameState } from '@scorpion/rules';

/**
 * The whole position behind a player's view, for a deal the player holds the seed of: a card
 * stays where it was dealt while it is face down (only face-up cards move), and the stock is
 * dealt all at once, so both come back from the deal's starting position. The solver's hints
 * need it; the server never sends it, so this is only for seeds the player chose.
 */
export function fullStateOf(view: GameState, start: GameState): GameState {
  return {
    ...view,
    columns: view.columns.map((column, c) => {
      const hidden = view.hidden[c]!;
      return hidden === 0 ? column : column.map((card, row) => (row < hidden ? start.columns[c]![row]! : card));
    }),
    stock: view.stock.length === 0 ? view.stock : start.stock,
  };
}
