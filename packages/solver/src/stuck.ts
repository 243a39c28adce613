import { FACES, type FastBoard } from '@scorpion/rules';
import { CardPlaces, columnOf, NOWHERE, rowOf } from './places.ts';

const KING = 12;

/**
 * Proves positions lost in Double Scorpion (two decks, only a King fills an empty column) by
 * finding a card that must move but never can: the two-deck form of `frozen.ts`, and stronger
 * than the buried-successor check it replaces, which looked only at the successors of the lowest
 * face-up cards. `isDead` looks at the whole board, face-down cards included, asks only about the
 * cards that must move, and allocates nothing.
 *
 * Argument. A card *bottom-moves* when it is the lowest card of a moved group. Cards change
 * neighbours only by bottom-moves: the card on top of W changes only when that card bottom-moves
 * (or W is a top and receives a group), and the cards of a column between two of its cards
 * change only when one of them bottom-moves. A non-King card V may only bottom-move onto a copy
 * W of its successor (same suit, one higher) that is then the top of another column (never to
 * an empty column), and a face-down V only once turned over, so only after the card on V has
 * bottom-moved. For the *first* bottom-move of V, each copy W of V+1 needs, read off the current
 * position (these stay necessary whatever happens first, by the sentence before last):
 * - W sits under V (V is on W): impossible, V would have to leave W first.
 * - W out of the columns (a foundation, the stock, the reserve): no condition.
 * - W under a card, face up or down, in any column (V's own too, below V or above it): the card
 *   on W (not V, see the first case) must bottom-move first, as nothing else uncovers W. (When W
 *   is below V in V's column, that card is one of those between them: stronger than asking for
 *   any of them. A face-down card on W waits in turn for the card on it, and so on up to the
 *   lowest face-up card; one under V waits for V.)
 * - W on top of another column: no condition.
 * - W above V in V's column (on top, or under a card, and then both are needed): the two must be
 *   in different columns first, which needs a card strictly above V and at most as high as W to
 *   bottom-move.
 * A King may always move, as far as this check knows. Unlike one deck, a card sitting on a
 * successor may still move (onto the other copy), so every card of the columns takes part: it
 * may bottom-move if, for some copy, the condition holds or its card may, and, face down, if the
 * card on it may as well. A card left out of the least fixpoint of "may bottom-move" never
 * bottom-moves (the first bottom-move of a card left out would need an earlier one of another
 * left out). The position is lost when such a card is
 * - *loose* (not on a copy of its successor), face up or down: in a won position every non-King
 *   card sits on a copy of its successor (every column, and every foundation run, is King to
 *   Ace), and a card's neighbour below changes only when it bottom-moves; or
 * - on a face-down card: that one must be turned over (a won position has none), which needs
 *   this one to bottom-move.
 * For instance both 4C face down, each in the column of one 5C, above it (so out of its reach),
 * and over the cards covering the 5C the other 4C needs: neither ever moves. (Bench deal 19.)
 * Not for Wasp (a card could go to an empty column).
 *
 * The fixpoint is found by depth-first searches from the cards that must move, each card looked
 * at once per search, found-able cards remembered. With the face-down cards' two conditions a
 * search can fail only because a card it needed was still being looked at higher up; but a
 * search that marks no card able and fails is right: among the cards it looked at (all left
 * unmarked), one of the fixpoint's would have its needed conditions met by cards of the fixpoint
 * that come earlier in it, all looked at and unmarked too; the earliest one cannot. A search that
 * marked some card able and failed is run again (the marks only grow).
 *
 * Precedence. Call a set of cards a *before set* of X when, in every line from the position the
 * check was made on, each of them bottom-moves before X first does (if X ever does). The card Y
 * on a face-down X is in one (X is turned over only once Y has left), with a before set of Y. A
 * non-King X goes onto a copy W of its successor then on top of a column, not one it sits on: if
 * W has a card D on it now, D bottom-moves first (the card on W changes only so), and a before
 * set of D with it; a copy out of the columns, or on top now, gives nothing. So the cards common
 * to what every such copy gives are in a before set of X. `findHeldBack` takes the least sets
 * closed under these two rules, iterating from empty ones (every step keeps every set a before
 * set, as it only adds cards the rules name from before sets).
 *
 * Twins. Let A be a non-King card whose *twin* (the other copy of its face) B is in A's before
 * set: a face-down A under B with only face-down cards between them, say (A is turned over only
 * once the card on it has bottom-moved, which, face down, waits for the card on it, and so on up
 * to B). Every bottom-move of B puts it on a copy of its successor, and B's neighbour below
 * changes only by its bottom-moves, so whenever A bottom-moves, B has already and sits on one
 * copy Wb of the successor, and A goes onto the other, Wa. Each of them has the card on it now
 * (if any) replaced by then (by B on Wb, by nothing on Wa), which needs that card to have
 * bottom-moved first, unless it is B already. So A needs, as well as its condition above, the
 * card on each copy of its successor (other than B) to bottom-move: one more necessary condition,
 * naming only cards that bottom-move before A, so the fixpoint argument stands. It holds in every
 * position of a search from the position the before sets were found in (B moving before A is a
 * fact of every line through them), and those positions' verdicts are facts about the positions,
 * whatever line led there. A copy out of the columns (in a foundation, with the foundations
 * option) asks for nothing, which only weakens the condition. For instance both 7C face down in
 * one column, one on an 8C (it must move: the 8C is face down), the other anywhere above with
 * only face-down cards between: the lower 7C can go only onto the other 8C, which the upper one,
 * gone first, holds. This covers the *locked pairs* an earlier check looked for at the root (both
 * 7C face down in one column over an 8C: the card on that 8C waits for the lower 7C). Double
 * Scorpion bench deals 102 and 181, and 22 of the 40 study deals that 15M nodes left undecided
 * (141, 403, ...; 675, 825 and 1054 through a twin held back by a card's only ways to move), are
 * lost at the root this way and no other.
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
  /** How many cards `able` has marked: a query that marks none and fails is right to fail. */
  private ables = 0;
  /**
   * `topAt[face] === check`: a column top of that face, in column `topColumn[face]` (-1 when
   * two columns have one): most cards are free through it, found without a search.
   */
  private readonly topAt = new Int32Array(FACES);
  private readonly topColumn = new Int8Array(FACES);

  /**
   * `heldBack[card]`: the card's twin is in its before set (see the file comment), for the
   * position the check was made on and every one a search reaches from it.
   */
  readonly heldBack: Uint8Array;

  /** `heldBack`: `findHeldBack(board)`, when the caller has it already. */
  constructor(board: FastBoard, heldBack = findHeldBack(board)) {
    this.board = board;
    this.places = new CardPlaces(board);
    this.mayMove = new Int32Array(board.stride);
    this.seen = new Int32Array(board.stride);
    this.heldBack = heldBack;
  }

  private able(card: number): boolean {
    this.ables++;
    this.mayMove[card] = this.check;
    return true;
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
      const h = hidden[c]!;
      for (let r = lengths[c]! - 1; r >= 0; r--) {
        const card = cards[base + r]!;
        const must = r === 0 || r <= h || cards[base + r - 1]! % FACES !== (card % FACES) + 1;
        if (!must || card % 13 === KING || this.mayMove[card] === this.check) continue;
        for (;;) {
          const before = this.ables;
          this.query++;
          if (this.query === 0x7fffffff) {
            this.query = 1;
            this.seen.fill(0);
          }
          if (this.reach(card, c, r)) break;
          if (this.ables === before) return true;
        }
      }
    }
    return false;
  }

  /**
   * The twins' condition (see the file comment) for `card`: true unless the card is held back by
   * its twin and the card on a copy of its successor, other than the twin, may not bottom-move.
   */
  private twinFree(card: number): boolean {
    if (this.heldBack[card] === 0) return true;
    const twin = card < FACES ? card + FACES : card - FACES;
    const { cards, stride, lengths } = this.board;
    for (let copy = (card % FACES) + 1; copy < stride; copy += FACES) {
      const place = this.places.of(copy);
      if (place === NOWHERE) continue;
      const sc = columnOf(place);
      const sr = rowOf(place);
      if (sr === lengths[sc]! - 1) continue;
      const cover = cards[sc * stride + sr + 1]!;
      if (cover !== twin && !this.reach(cover, sc, sr + 1)) return false;
    }
    return true;
  }

  /**
   * Whether `card` (at row `r` of column `c`) is in the least fixpoint of "may bottom-move", as
   * far as this query can tell: a depth-first search for a chain of conditions ending at a King
   * or a free card, each card looked at once per query, a face-down card only once the card on
   * it is found able. Cards found able are remembered for the check. A query that fails having
   * found no card able is right (see `isDead`); one that found some is asked again.
   */
  private reach(card: number, c: number, r: number): boolean {
    if (this.mayMove[card] === this.check) return true;
    if (this.seen[card] === this.query) return false;
    this.seen[card] = this.query;
    const { cards, stride, lengths, hidden } = this.board;
    const base = c * stride;
    if (r < hidden[c]! && !this.reach(cards[base + r + 1]!, c, r + 1)) return false;
    const face = card % FACES;
    if (!this.twinFree(card)) return false;
    if (face % 13 === KING || (this.topAt[face + 1] === this.check && this.topColumn[face + 1] !== c)) {
      return this.able(card);
    }
    const below = r > 0 ? cards[base + r - 1]! : NOWHERE;
    for (let copy = face + 1; copy < stride; copy += FACES) {
      if (copy === below) continue;
      const place = this.places.of(copy);
      if (place === NOWHERE) return this.able(card);
      const sc = columnOf(place);
      const sr = rowOf(place);
      // Something on W: the card on it must move; and W above V in V's column (on top or not):
      // a card between them as well.
      const above = sc === c && sr > r;
      if (sr < lengths[sc]! - 1) {
        if (!this.reach(cards[sc * stride + sr + 1]!, sc, sr + 1)) continue;
        if (!above) return this.able(card);
      } else if (!above) {
        return this.able(card);
      }
      for (let at = r + 1; at <= sr; at++) {
        if (this.reach(cards[base + at]!, c, at)) return this.able(card);
      }
    }
    return false;
  }
}

/** Words of a card set: a bit per card, two decks. */
const WORDS = 4;

/**
 * For each card of `board`'s columns, whether its twin is in its least before set (see the file
 * comment), the sets found by iterating the two rules until none grows.
 */
export function findHeldBack(board: FastBoard): Uint8Array {
  const { cards, stride, lengths, hidden, columnCount } = board;
  const held = new Uint8Array(stride);
  const before = new Uint32Array(stride * WORDS);
  const column = new Int16Array(stride).fill(NOWHERE);
  const row = new Int16Array(stride);
  for (let c = 0; c < columnCount; c++) {
    for (let r = 0; r < lengths[c]!; r++) {
      column[cards[c * stride + r]!] = c;
      row[cards[c * stride + r]!] = r;
    }
  }
  const next = new Uint32Array(WORDS);
  const common = new Uint32Array(WORDS);
  const on = new Uint32Array(WORDS);
  /** Adds `card` and its before set to `into`. */
  const gather = (into: Uint32Array, card: number) => {
    into[card >> 5]! |= 1 << (card & 31);
    for (let w = 0; w < WORDS; w++) into[w]! |= before[card * WORDS + w]!;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (let x = 0; x < stride; x++) {
      const c = column[x]!;
      if (c === NOWHERE) continue;
      const r = row[x]!;
      next.fill(0);
      if (r < hidden[c]!) gather(next, cards[c * stride + r + 1]!);
      if (x % 13 !== KING) {
        common.fill(0xffffffff);
        const below = r > 0 ? cards[c * stride + r - 1]! : NOWHERE;
        for (let copy = (x % FACES) + 1; copy < stride; copy += FACES) {
          if (copy === below) continue;
          const sc = column[copy]!;
          on.fill(0);
          if (sc !== NOWHERE && row[copy]! < lengths[sc]! - 1) gather(on, cards[sc * stride + row[copy]! + 1]!);
          for (let w = 0; w < WORDS; w++) common[w]! &= on[w]!;
        }
        for (let w = 0; w < WORDS; w++) next[w]! |= common[w]!;
      }
      for (let w = 0; w < WORDS; w++) {
        const grown = (before[x * WORDS + w]! | next[w]!) >>> 0;
        if (grown !== before[x * WORDS + w]) {
          before[x * WORDS + w] = grown;
          changed = true;
        }
      }
    }
  }
  for (let x = 0; x < stride; x++) {
    const twin = x < FACES ? x + FACES : x - FACES;
    if (x % 13 !== KING && twin < stride && before[x * WORDS + (twin >> 5)]! & (1 << (twin & 31))) held[x] = 1;
  }
  return held;
}
