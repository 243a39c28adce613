import { type Card, type GameState, parseFace, UNKNOWN } from '@scorpion/rules';
import type { WireView } from './game.ts';

/**
 * Turns a view from the server back into a rules `GameState` (hidden cards and stock cards as
 * `UNKNOWN`), so a client can run `legalMoves` and `applyMove` on it for optimistic moves.
 * In Double Scorpion the two copies of a face come back as the same number: the rules compare
 * faces only, so legal moves are unchanged.
 */
export function toGameState(view: WireView): GameState {
  const card = (code: string | null): Card => (code === null ? UNKNOWN : (parseFace(code) ?? UNKNOWN));
  return {
    variant: view.variant,
    options: view.options,
    columns: view.columns.map((column) => column.map(card)),
    hidden: view.hidden,
    stock: Array.from({ length: view.stock }, () => UNKNOWN),
    reserve: view.reserve.map(card),
    foundations: view.foundations.map((run) => run.map(card)),
  };
}
