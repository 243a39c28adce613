import { FACES, type FastBoard } from '@scorpion/rules';
import { CardPlaces, columnOf, NOWHERE, rowOf } from './places.ts';

const KING = 12;

/**
 * Proves positions lost in Double Scorpion (two decks, only a King fills an empty column) by
 * finding a card that must move but never can: the two-deck form of `frozen.ts`, and stronger
 * than the buried-successor check it replaces, which looked only at the successors of the lowest
 * face-up cards. `isDead` looks at the whole board, asks only about the cards that must move, and
 * allocates nothing.
 *
 * Argument. A card *bottom-moves* when it is the lowest card of a moved group. Cards change
 * neighbours only by bottom-moves: the card on top of W changes only when that card bottom-moves
 * (or W is a top and receives a group), and the cards of a column between two of its cards
 * change only when one of them bottom-moves. A non-King card V may only bottom-move onto a copy
 * W of its successor (same suit, one higher) that is then the top of another column (never to
 * an empty column). For the *first* bottom-move of V, each copy W of V+1 needs, read off the
 * current position (these stay necessary whatever happens first, by the sentence before last):
 * - W sits under V (V is on W): impossible, V would have to leave W first.
 * - W out of the columns (a foundation, the stock, the reserve): no condition.
 * - W face down in a column C (V's own too): C's lowest face-up card must bottom-move first
 *   (nothing under it can move before it, so W stays covered); when that card is V, this copy
 *   is out of reach.
 * - W face up under a card, in any column (V's own too, below V or above it): the card on W
 *   (not V, see the first case) must bottom-move first, as nothing else uncovers W (in V's
 *   column this is stronger than asking for any card between the two: that card is one of
 *   them when W is below V, and must move as well when W is above V).
 * - W face up on top of another column: no condition; on top of V's column, above V: the two
 *   must be in different columns first, which needs a card strictly above V and at most as
 *   high as W to bottom-move.
 * A King may always move, as far as this check knows. Unlike one deck, a card sitting on a
 * successor may still move (onto the other copy), so every face-up card takes part. Taking the
 * least fixpoint of "may bottom-move" (a card may if, for some copy, the condition holds or its
 * card may), a card left out never bottom-moves. The position is lost when such a card is
 * - *loose* (not on a copy of its successor): in a won position every non-King card sits on a
 *   copy of its successor (every column, and every foundation run, is King to Ace), and a card's
 *   neighbour below changes only when it bottom-moves; or
 * - the lowest face-up card of a column with face-down cards: those are turned over only after
 *   it bottom-moves, and a won position has none.
 * Not for Wasp (a card could go to an empty column).
 */
export class StuckCheck {
  private readonly board: FastBoard;
  /** Where each card lies: the caller reports every play and undo to it. */
  readonly places: CardPlaces;
  /** `mayMove[card] === check`: the card was found able to move in the current check. */
  private readonly mayMove: Int32Array;
  private check = 0;
  /** `seen[card] === query`: `reach` has looked at the card in the current query. */
  private readonly seen: Int32Array;
  private query = 0;
  /**
   * `topAt[face] === check`: a column top of that face, in column `topColumn[face]` (-1 when
   * two columns have one): most cards are free through it, found without a search.
   */
  private readonly topAt = new Int32Array(FACES);
  private readonly topColumn = new Int8Array(FACES);

  constructor(board: FastBoard) {
    this.board = board;
    this.places = new CardPlaces(board);
    this.mayMove = new Int32Array(board.stride);
    this.seen = new Int32Array(board.stride);
  }

  isDead(): boolean {
    const { cards, stride, lengths, hidden, columnCount } = this.board;
    this.check++;
    if (this.check === 0x7fffffff) {
      this.check = 1;
      this.mayMove.fill(0);
      this.topAt.fill(0);
    }
    const { topAt, topColumn, check } = this;
    for (let c = 0; c < columnCount; c++) {
      if (lengths[c] === 0) continue;
      const top = cards[c * stride + lengths[c]! - 1]! % FACES;
      if (topAt[top] === check) topColumn[top] = -1;
      else {
        topAt[top] = check;
        topColumn[top] = c;
      }
    }
    for (let c = 0; c < columnCount; c++) {
      const base = c * stride;
      for (let r = hidden[c]!; r < lengths[c]!; r++) {
        const card = cards[base + r]!;
        // Only the lowest face-up card over face-down ones and loose cards must move.
        const must = (r === hidden[c]! && r > 0) || r === 0 || cards[base + r - 1]! % FACES !== (card % FACES) + 1;
        if (!must || card % 13 === KING || this.mayMove[card] === this.check) continue;
        this.query++;
        if (this.query === 0x7fffffff) {
          this.query = 1;
          this.seen.fill(0);
        }
        if (!this.reach(card, c, r)) return true;
      }
    }
    return false;
  }

  /**
   * Whether `card` (face up at row `r` of column `c`) is in the least fixpoint of "may
   * bottom-move": a depth-first search for a chain of conditions ending at a King or a free
   * card, each card looked at once per query. Cards found able are remembered for the check.
   */
  private reach(card: number, c: number, r: number): boolean {
    if (this.mayMove[card] === this.check) return true;
    if (this.seen[card] === this.query) return false;
    this.seen[card] = this.query;
    const face = card % FACES;
    if (face % 13 === KING || (this.topAt[face + 1] === this.check && this.topColumn[face + 1] !== c)) {
      return this.able(card);
    }
    const { cards, stride, lengths, hidden } = this.board;
    const base = c * stride;
    const below = r > 0 ? cards[base + r - 1]! : NOWHERE;
    for (let copy = face + 1; copy < stride; copy += FACES) {
      if (copy === below) continue;
      const place = this.places.of(copy);
      if (place === NOWHERE) return this.able(card);
      const sc = columnOf(place);
      const sr = rowOf(place);
      const sbase = sc * stride;
      if (sr < lengths[sc]! - 1) {
        // Something lies on W: the card on it (or, face down, the lowest face-up card above it).
        const on = Math.max(sr + 1, hidden[sc]!);
        if (this.reach(cards[sbase + on]!, sc, on)) return this.able(card);
      } else if (sc !== c) {
        return this.able(card);
      } else {
        for (let at = r + 1; at <= sr; at++) {
          if (this.reach(cards[base + at]!, c, at)) return this.able(card);
        }
      }
    }
    return false;
  }

  private able(card: number): boolean {
    this.mayMove[card] = this.check;
    return true;
  }
}
