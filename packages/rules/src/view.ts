import { UNKNOWN } from './cards.ts';
import type { GameState } from './state.ts';

/**
 * What a player may see of `state`: every face-down card and every stock card becomes
 * `UNKNOWN`; face-up cards, the open reserve and the foundations stay. This is the only shape
 * of a game that may leave the server before the game is over. Legal moves from the view are
 * exactly the legal moves from the state.
 */
export function toPlayerView(state: GameState): GameState {
  return {
    ...state,
    columns: state.columns.map((column, c) => {
      const hidden = state.hidden[c]!;
      return hidden === 0 ? column : column.map((card, row) => (row < hidden ? UNKNOWN : card));
    }),
    stock: state.stock.map(() => UNKNOWN),
  };
}
