import { codeA, codeC, codeKind, type FastBoard, KIND_FOUNDATION, KIND_MOVE, KIND_RESERVE } from '@scorpion/rules';

/**
 * The one move-dominance rule the solver uses, in single-deck variants where only a King fills
 * an empty column, once the stock is dealt (or where there is none; before the deal, see below). A card X going onto X+1 at
 * the top of column B (X with the segment S of cards above it; or X from the open reserve) may be
 * played at once, ignoring every alternative, when every face-up card of B sits on its successor
 * or is a King — a King-rooted run is the common case.
 *
 * Argument. In one deck, a non-King card's only destination is its successor, so once X sits on
 * X+1 it never leaves it (lower cards moving only carry it along). A won position has X on X+1,
 * so every winning line from here moves X onto X+1 exactly once, at some step k. Before step k
 * nothing covers X+1 (only X fits on it, and the stock is gone), and no card of B moves by itself
 * except a King going to an empty column with what is above it: a card on its successor has
 * nowhere else to go, and face-down cards wait for those above them. Play the move first, then
 * the line's moves except step k. Every one stays legal, the two positions differing only by S
 * sitting on X+1 instead of where it was:
 * - a card in S or below it has a target that is not B (only X fits on X+1), and that target is
 *   unchanged;
 * - a move onto the top of S is onto the same card, now in B, and its source is not in B;
 * - a King of B going to an empty column takes S along, which changes nothing else;
 * - empty columns and face-up cards are only more numerous; no column holding X or X+1 is a
 *   complete run before step k, so foundation moves are unchanged.
 * After step k both positions are the same, so the shortened line wins, one move shorter from the
 * new position: applying the rule repeatedly still ends in a win, so it keeps every winnable
 * position winnable.
 *
 * Before the deal it holds for a column move whose source A and target B are both among columns
 * 4 and up, which the deal never touches. The one thing the deal changes in the argument: B's
 * King-rooted group may go to an empty column among 1–3 before step k, and the deal may then put
 * a card Y on X+1 (Y must leave again before step k, X+1 being on top then). Then the positions
 * differ by S sitting between X+1 and what lies on it instead of where it was: Y lands on the top
 * of S instead of on X+1 and is still a top, moves of Y (with what is on it) and onto Y are the
 * same, the deal lands on the same tops of columns 1–3 otherwise (neither A nor B is one of
 * them), and every other step above stands. With A or B among columns 1–3 the stock would land
 * on different cards, so those builds wait for the deal.
 *
 * It does not hold with two decks (two copies of X+1), nor in Wasp (X may leave X+1 for an empty
 * column), nor when a card of B may move: building on *any* successor at once, or on a column
 * whose cards only wait for a card below X, both lose wins (see the regression positions in
 * solve.test.ts).
 *
 * `dealt`: the stock is dealt (or there is none). Returns the index in `moves` of such a move, or -1.
 */
export function findSafeBuild(board: FastBoard, moves: Int32Array, count: number, dealt = true): number {
  for (let i = 0; i < count; i++) {
    const move = moves[i]!;
    const kind = codeKind(move);
    if (dealt) {
      if ((kind === KIND_MOVE || kind === KIND_RESERVE) && isSettled(board, codeC(move))) return i;
    } else if (kind === KIND_MOVE && codeA(move) >= STOCK_COLUMNS && codeC(move) >= STOCK_COLUMNS) {
      if (isSettled(board, codeC(move))) return i;
    }
  }
  return -1;
}

/** Columns 1–3 (indices 0–2) receive the stock. */
const STOCK_COLUMNS = 3;

/**
 * Every face-up card of column `c` is a King or sits on its successor, so nothing in it moves by
 * itself except a King to an empty column.
 */
function isSettled(board: FastBoard, c: number): boolean {
  const { cards, stride, lengths, hidden } = board;
  const base = c * stride;
  const length = lengths[c]!;
  if (length === 0) return false;
  for (let r = hidden[c]!; r < length; r++) {
    const card = cards[base + r]!;
    if (card % 13 !== 12 && !(r > 0 && cards[base + r - 1] === card + 1)) return false;
  }
  return true;
}

/**
 * The second dominance rule, with the foundations option, in the same variants (one deck, only a
 * King fills an empty column) once the stock is dealt: a complete King-to-Ace column R may be
 * moved to its foundation at once, ignoring every alternative.
 *
 * Argument. Write P for the position and F for P with R in the foundations (its column empty).
 * Nothing can go onto R's Ace, and no card of R can leave it except with the King (each card's
 * only destination is its successor, which lies in R), so the only moves involving R are R as a
 * whole going to an empty column, or to its foundation. Take a shortest winning line from P and
 * play it from F, replacing R's first move, if any, by taking R back from its foundation to the
 * column it went to (an `unfoundation`, always legal onto an empty column), or leaving out R's
 * move to its foundation. Until then every move stays legal (F has one more empty column, and
 * the stock is gone, so no deal can tell them apart), and afterwards both positions are the same;
 * if R never moves, F's last position is the won one with R in its foundation, also won. So F
 * wins in no more moves than P, with one more foundation run: the number of moves to a win never
 * grows, and only finitely many runs can be added without it shrinking, so applying the rule
 * repeatedly (with safe builds, which shorten it) still ends in a win. Not with two decks or in
 * Wasp, where a part of R may leave it (onto the other copy of its successor, or an empty column).
 *
 * Returns the index in `moves` of the first foundation move, or -1.
 */
export function findFoundationMove(moves: Int32Array, count: number): number {
  for (let i = count - 1; i >= 0; i--) {
    const kind = codeKind(moves[i]!);
    if (kind === KIND_FOUNDATION) return i;
    if (kind === KIND_MOVE) return -1;
  }
  return -1;
}
