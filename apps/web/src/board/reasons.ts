import type { IllegalReason } from '@scorpion/rules';
import { m } from '../paraglide/messages.js';

/** Why the rules refused a move, in the player's language (the rules' own REASON_TEXT is English, for the CLI). */
const TEXT: Readonly<Record<IllegalReason, () => string>> = {
  'bad-move': m.board_reason_bad_move,
  'game-over': m.board_reason_game_over,
  'no-such-column': m.board_reason_no_such_column,
  'no-such-card': m.board_reason_no_such_card,
  'not-face-up': m.board_reason_not_face_up,
  'same-column': m.board_reason_same_column,
  'wrong-suit': m.board_reason_wrong_suit,
  'not-one-lower': m.board_reason_not_one_lower,
  'onto-ace': m.board_reason_onto_ace,
  'empty-needs-king': m.board_reason_empty_needs_king,
  'no-stock': m.board_reason_no_stock,
  'reserve-used': m.board_reason_reserve_used,
  'no-reserve': m.board_reason_no_reserve,
  'no-such-reserve-card': m.board_reason_no_such_reserve_card,
  'no-foundations': m.board_reason_no_foundations,
  'not-a-complete-run': m.board_reason_not_a_complete_run,
  'no-such-foundation': m.board_reason_no_such_foundation,
  'column-not-empty': m.board_reason_column_not_empty,
};

export function reasonText(reason: IllegalReason): string {
  return TEXT[reason]();
}
