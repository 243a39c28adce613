import { FACES, type FastBoard } from '@scorpion/rules';

const KING = 12;

/**
 * Proves some positions lost without searching them, in variants where only a King may fill an
 * empty column. Call `isDead` on a board; it allocates nothing.
 *
 * Argument. In a column c with face-down cards, call B(c) the lowest face-up card (at row
 * `hidden[c]`). Nothing below B(c) can move, so the face-down cards of c are only ever turned
 * over after B(c) itself is moved, as the bottom card of the moved group. A non-King B(c) may
 * only move onto a column whose top is the card one higher in its suit (it may not go to an empty
 * column). If every copy of that card is face down in some column c', it can only become a top
 * after B(c') has moved. So "B(c) can move" needs "B(c') has moved first" for some such c'.
 * The deal, reserve and foundation moves only add or remove cards above the face-up ones or in
 * columns without face-down cards, so they change no B(c) and no face-down card.
 * Taking the least fixpoint of "may move" (a King always may; a card may if some copy of its
 * successor is not face down, or is face down in a column that may move), a column with face-down
 * cards left out of it can never be turned over, and a won position has none: the position is lost.
 */
export class DeadlockCheck {
  private readonly board: FastBoard;
  /** `buried[face * 2 + copy]`: the column holding that copy face down, or -1. */
  private readonly buried: Int8Array;
  private readonly mayMove: Uint8Array;

  constructor(board: FastBoard) {
    this.board = board;
    this.buried = new Int8Array(2 * FACES).fill(-1);
    this.mayMove = new Uint8Array(board.columnCount);
  }

  isDead(): boolean {
    const { cards, stride, hidden, columnCount } = this.board;
    const buried = this.buried;
    const mayMove = this.mayMove;
    let blocked = 0;
    for (let c = 0; c < columnCount; c++) {
      const h = hidden[c]!;
      mayMove[c] = h === 0 ? 1 : 0;
      if (h === 0) continue;
      blocked++;
      for (let r = 0; r < h; r++) {
        const card = cards[c * stride + r]!;
        buried[card % FACES === card ? card * 2 : (card - FACES) * 2 + 1] = c;
      }
    }
    let changed = blocked > 0;
    while (changed) {
      changed = false;
      for (let c = 0; c < columnCount; c++) {
        if (mayMove[c] === 1) continue;
        const bottom = cards[c * stride + hidden[c]!]! % FACES;
        const free = bottom % 13 === KING || this.canReach(bottom + 1);
        if (free) {
          mayMove[c] = 1;
          blocked--;
          changed = true;
        }
      }
    }
    for (let c = 0; c < columnCount; c++) {
      for (let r = 0; r < hidden[c]!; r++) {
        const card = cards[c * stride + r]!;
        buried[card % FACES === card ? card * 2 : (card - FACES) * 2 + 1] = -1;
      }
    }
    return blocked > 0;
  }

  /** Some copy of `face` is not face down, or face down in a column that may move. */
  private canReach(face: number): boolean {
    const decks = this.board.stride / FACES;
    for (let copy = 0; copy < decks; copy++) {
      const c = this.buried[face * 2 + copy]!;
      if (c < 0 || this.mayMove[c] === 1) return true;
    }
    return false;
  }
}
