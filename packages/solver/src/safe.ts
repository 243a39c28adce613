import type { FastBoard } from '@scorpion/rules';
import { fieldA, fieldB, fieldC, KIND_MOVE, KIND_RESERVE, kindOf } from './codes.ts';

/**
 * The one move-dominance rule the solver uses, in single-deck variants where only a King fills
 * an empty column, once the stock is dealt (or where there is none). A card X going onto X+1 at
 * the top of column B (X with the segment S of cards above it, from column A; or X from the
 * reserve, S = X alone) may be played at once, ignoring every alternative, when the cards of B
 * can never move before X does: every card U at or below X+1 in B that is not on its successor
 * is a King, or (for a column move) has its successor U+1 in A below X. A King-rooted run
 * (a face-up King at the bottom and each card on its successor) is the common case.
 *
 * Argument. In one deck, a non-King card's only destination is its successor, so once X sits on
 * X+1 it never leaves it (lower cards moving only carry it along). A won position has X on X+1,
 * so every winning line from here moves X onto X+1 exactly once, at some step k. Before step k:
 * nothing covers X+1 (only X fits on it, and the stock is gone); a card on its successor never
 * moves by itself; a non-King U in B whose successor is below X in A cannot move, since that
 * successor is covered until X leaves; so the cards of B below S stay put, except Kings going to
 * empty columns with what is above them. Play the move first, then the line's moves except step
 * k. Every one stays legal, the two positions differing only by S sitting on X+1 instead of
 * where it was:
 * - a card in S or below it in A has a target that is neither A nor B (only X fits on X+1),
 *   and that target is unchanged;
 * - a move onto the top of S is onto the same card, now in B, and its source is not in B (the
 *   cards of B do not move, and a King goes to an empty column, not onto S);
 * - empty columns and face-up cards are only more numerous; no column holding X or X+1 is a
 *   complete run before step k, so foundation moves are unchanged.
 * After step k both positions are the same, so the shortened line wins, one move shorter from the
 * new position: applying the rule repeatedly still ends in a win, so it keeps every winnable
 * position winnable. It does not hold before the deal (the stock would land on different cards
 * in columns 1–3), nor with two decks (two copies of X+1), nor in Wasp (X may leave X+1 for an
 * empty column). Building on *any* successor at once is not safe: see the regression positions
 * in solve.test.ts.
 *
 * Returns the index in `moves` of such a move, or -1.
 */
export function findSafeBuild(board: FastBoard, moves: Int32Array, count: number): number {
  for (let i = 0; i < count; i++) {
    const move = moves[i]!;
    const kind = kindOf(move);
    if (kind === KIND_MOVE && isFrozen(board, fieldC(move), fieldA(move), fieldB(move))) return i;
    if (kind === KIND_RESERVE && isFrozen(board, fieldC(move), -1, 0)) return i;
  }
  return -1;
}

/**
 * No card of column `to` can move before the card at `row` of column `from` (-1: the reserve)
 * moves. Face-down cards need no look: they turn over only after the face-up cards above them go.
 */
function isFrozen(board: FastBoard, to: number, from: number, row: number): boolean {
  const { cards, stride, lengths, hidden } = board;
  const base = to * stride;
  const length = lengths[to]!;
  if (length === 0) return false;
  for (let r = hidden[to]!; r < length; r++) {
    const card = cards[base + r]!;
    if (card % 13 === 12) continue;
    if (r > 0 && cards[base + r - 1] === card + 1) continue;
    if (from < 0 || !isBelow(board, card + 1, from, row)) return false;
  }
  return true;
}

function isBelow(board: FastBoard, card: number, column: number, row: number): boolean {
  const base = column * board.stride;
  for (let r = 0; r < row; r++) if (board.cards[base + r] === card) return true;
  return false;
}
