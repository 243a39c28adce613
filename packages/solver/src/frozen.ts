import { FACES, type FastBoard } from '@scorpion/rules';

const KING = 12;
const NOWHERE = -1;

/**
 * Proves positions lost in single-deck variants where only a King fills an empty column, by
 * finding a card that must move but never can. Call `isDead` on a board; it allocates nothing.
 *
 * Argument. Call a face-up non-King card U a *loose* card when it does not sit on its successor
 * U+1. A won position has U on U+1, and U's neighbour below changes only when U itself moves, so
 * every loose card must move at least once; its only destination is the top of U+1's column (one
 * deck, no empty column for it), so that needs U+1 on top of another column first. Necessary
 * conditions for the *first* move of U, read off the current position (moves only add or remove
 * cards at column tops, never insert below a card, so these stay necessary):
 * - U+1 face down in column C: C's lowest face-up card must have moved (nothing below it can).
 * - U+1 face up in another column, under a card D: D sits on U+1 and is loose (D = U would mean U
 *   is not loose), and D must have moved off it.
 * - U+1 in U's column: the two must end up in different columns, which needs a loose card (or a
 *   King) strictly between them to have moved (U+1 itself counts when it is the upper one).
 * - U+1 already on top of another column, in the stock or in the open reserve: no condition.
 * A King may always move, as far as this check knows. Taking the least fixpoint of "may move"
 * (a card may move if one of its conditions' cards may), a loose card left out can never move:
 * the position is lost. So is a column whose lowest face-up card sits on its successor face down
 * (that card can never move, so the cards under it stay face down).
 * Not for two decks (U could move between the two copies of U+1, and sit on either) nor Wasp (U
 * could go to an empty column).
 */
const FREE = 0;
const ONE = 1;
const BETWEEN = 2;

export class FrozenCheck {
  private readonly column = new Int8Array(FACES);
  private readonly row = new Int8Array(FACES);
  private readonly may = new Uint8Array(FACES);
  /** The loose cards still unresolved, with their condition: one card, or a range of a column. */
  private readonly loose = new Int16Array(FACES);
  private readonly kind = new Int8Array(FACES);
  private readonly first = new Int16Array(FACES);
  private readonly last = new Int16Array(FACES);

  constructor(private readonly board: FastBoard) {}

  isDead(): boolean {
    const { cards, stride, lengths, hidden, columnCount } = this.board;
    const { column, row, may, loose, kind, first, last } = this;
    column.fill(NOWHERE);
    for (let c = 0; c < columnCount; c++) {
      const base = c * stride;
      for (let r = 0; r < lengths[c]!; r++) {
        const card = cards[base + r]!;
        column[card] = c;
        row[card] = r;
        may[card] = card % 13 === KING ? 1 : 0;
      }
      const h = hidden[c]!;
      if (h > 0 && cards[base + h]! % 13 !== KING && cards[base + h - 1] === cards[base + h]! + 1) return true;
    }
    let open = 0;
    for (let c = 0; c < columnCount; c++) {
      const base = c * stride;
      for (let r = hidden[c]!; r < lengths[c]!; r++) {
        const card = cards[base + r]!;
        if (may[card] === 1 || (r > 0 && cards[base + r - 1] === card + 1)) continue;
        if (this.condition(card, c, r, open) === FREE) may[card] = 1;
        else loose[open++] = card;
      }
    }
    let changed = open > 0;
    while (changed) {
      changed = false;
      for (let i = 0; i < open; i++) {
        const card = loose[i]!;
        let met = false;
        if (kind[i] === ONE) met = may[first[i]!] === 1;
        else for (let at = first[i]!; at <= last[i]! && !met; at++) met = may[cards[at]!] === 1;
        if (!met) continue;
        may[card] = 1;
        open--;
        loose[i] = loose[open]!;
        kind[i] = kind[open]!;
        first[i] = first[open]!;
        last[i] = last[open]!;
        i--;
        changed = true;
      }
    }
    return open > 0;
  }

  /**
   * Records the condition for loose card `card` (at row `r` of column `c`) in slot `i`: `ONE` with
   * the card that must have moved, `BETWEEN` with the range of `cards` of which one must have
   * moved; or returns `FREE` when there is none.
   */
  private condition(card: number, c: number, r: number, i: number): number {
    const { cards, stride, lengths, hidden } = this.board;
    const successor = card + 1;
    const sc = this.column[successor]!;
    if (sc === NOWHERE) return FREE;
    const sr = this.row[successor]!;
    const base = sc * stride;
    if (sr < hidden[sc]!) {
      this.kind[i] = ONE;
      this.first[i] = cards[base + hidden[sc]!]!;
    } else if (sc !== c) {
      if (sr === lengths[sc]! - 1) return FREE;
      this.kind[i] = ONE;
      this.first[i] = cards[base + sr + 1]!;
    } else {
      this.kind[i] = BETWEEN;
      this.first[i] = base + Math.min(sr, r) + 1;
      this.last[i] = sr > r ? base + sr : base + r - 1;
    }
    return this.kind[i]!;
  }
}
