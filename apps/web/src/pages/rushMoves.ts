import type { GameState, Move } from '@scorpion/rules';
import { cardName } from '../board/cardNames.ts';
import { m } from '../paraglide/messages.js';

/** A move in words, read in the position it is played from (a finished rush's mistakes). */
export function moveWords(state: GameState, move: Move): string {
  if (move.kind === 'deal') return m.rush_move_deal();
  if (move.kind === 'foundation') return m.rush_move_foundation({ column: move.from + 1 });
  if (move.kind === 'unfoundation') return m.rush_move_unfoundation({ column: move.to + 1 });
  const card = move.kind === 'move' ? state.columns[move.from]?.[move.row] : state.reserve[move.index];
  if (card === undefined) return m.rush_move_column({ column: move.to + 1 });
  return m.rush_move_card({ card: cardName(card), column: move.to + 1 });
}
