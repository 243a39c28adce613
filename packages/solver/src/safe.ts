import type { FastBoard } from '@scorpion/rules';
import { fieldC, KIND_MOVE, KIND_RESERVE, kindOf } from './codes.ts';

/**
 * The one move-dominance rule the solver uses: in a single-deck variant where only a King fills
 * an empty column, once the stock is dealt (or where there is none), a card X going onto X+1
 * where X+1 is the top of a King-rooted run (a face-up King at the bottom of its column and each
 * card on the one above it in suit) may be played at once, ignoring every alternative.
 *
 * Argument. In one deck, a non-King card's only destination is the top of its successor's
 * column, so once X sits on X+1 it never leaves it (only lower cards moving can carry it along).
 * A won position has X on X+1, so every winning line from here moves X (with the segment S of
 * cards above it; for a reserve card, S is X alone) onto X+1 exactly once, at some step k.
 * Before step k nothing can cover X+1 (only X fits on it, and the stock is gone), and no card
 * below X+1 moves except the King at the bottom going to an empty column (every other card
 * there is already on its successor). Play the move first instead, then the line's moves
 * except step k: every one stays legal, as the two positions only differ by S sitting on X+1
 * rather than where it was, and
 * - a move of a card in S, or of a card below S (carrying S or not), has a target that is
 *   neither S's column nor X+1's column (only X could go onto X+1), and that target is unchanged;
 * - a move onto the top of S is a move onto the same card, now in X+1's column, and its source
 *   cannot be that column (the cards below X+1 do not move);
 * - the King at the bottom of X+1's column may still go to an empty column (carrying S along);
 *   empty columns are only more numerous, face-up cards only more numerous;
 * - no column holding X or X+1 is a complete run before step k, so foundation moves are unchanged.
 * After the line's step k both positions are the same, so the shortened line wins, and it is
 * one move shorter from the new position: repeating the rule always ends in a win, so the rule
 * keeps every winnable position winnable. Before the deal it does not hold: the stock would land
 * on a different card in columns 1–3. With two decks X could go onto either copy of X+1, and in
 * Wasp X could leave X+1 for an empty column, so it is not used there.
 *
 * Returns the index in `moves` of such a move, or -1.
 */
export function findSafeBuild(board: FastBoard, moves: Int32Array, count: number): number {
  const { cards, stride, lengths, hidden } = board;
  for (let i = 0; i < count; i++) {
    const move = moves[i]!;
    const kind = kindOf(move);
    if (kind !== KIND_MOVE && kind !== KIND_RESERVE) continue;
    const to = fieldC(move);
    const length = lengths[to]!;
    if (length === 0 || hidden[to] !== 0) continue;
    const base = to * stride;
    const king = cards[base]!;
    if (king % 13 !== 12) continue;
    let run = true;
    for (let row = 1; row < length && run; row++) run = cards[base + row] === king - row;
    if (run) return i;
  }
  return -1;
}
