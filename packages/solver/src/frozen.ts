import { codeA, codeC, FACES, type FastBoard } from '@scorpion/rules';
import { CardPlaces, columnOf, NOWHERE, rowOf } from './places.ts';

const KING = 12;
/** Cards in a complete King-to-Ace column. */
const RUN = 13;

/**
 * Proves positions lost in single-deck variants where only a King fills an empty column, by
 * finding a card that must move but never can. `isDead` looks at a whole board; in a search,
 * `isDeadAfter` gives the same verdict after a column move at a fraction of the cost, from the
 * cards that move can affect. Neither allocates.
 *
 * Argument. Call a face-up non-King card U a *loose* card when it does not sit on its successor
 * U+1. A won position has U on U+1, and U's neighbour below changes only when U itself moves, so
 * every loose card must move at least once; its only destination is the top of U+1's column (one
 * deck, no empty column for it), so that needs U+1 on top of another column first. (Here a card
 * *moves* when it is the lowest card of a moved group, or leaves the open reserve: a card carried
 * on top of a group keeps its neighbour below.) Necessary conditions for the *first* move of U,
 * read off the current position (moves only add or remove cards at column tops, never insert
 * below a card, so these stay necessary; with the foundations option a complete column may also
 * go to a foundation, emptying its column, and come back onto an empty column, whole columns of
 * one suit from King to Ace, each card on its successor, which changes none of this):
 * - U+1 face down in column C: C's lowest face-up card must have moved (nothing below it can).
 * - U+1 face up under a card D, in any column (U's own too, below U or above it): D must have
 *   moved off it. The card on a card W changes only when that card moves (or W, on top, receives
 *   a group), and only U fits on U+1, so U+1 is on top only once D has moved; D = U would mean U
 *   is not loose. (When U+1 is below U, D is one of the cards between them: stronger than asking
 *   for any of those to move.)
 * - U+1 above U in U's column (on top, or under D, and then both are needed): the two must end
 *   up in different columns, which needs a card strictly above U and at most as high as U+1 to
 *   have moved.
 * - U+1 in the open reserve (Three Blind Mice): U+1 must have left it (cards never go back).
 * - U+1 already on top of another column, or in the stock: no condition. (Never in a foundation:
 *   its whole suit would be there, U too.)
 * Kings. A won position holds only complete columns, King at row 0, and (with foundations)
 * complete runs in the foundations, each of which went there as a complete column. So a face-up
 * King above row 0 (a *buried* King) must reach row 0 of a column: its row changes only when it
 * or a card under it moves, and it lands at row 0 only as the lowest card of a moved group (a
 * card carried on top lands above that one), which only an empty column takes. If no column is
 * empty now, the first empty one appears when the card at row 0 of some column leaves it, with
 * all the cards above it, and that card is the one there now (row 0 of a column changes only
 * when the column empties). It leaves in one of two ways:
 * - for another column: it is not a King (a King goes only to an empty column; deals, reserve
 *   cards and foundation runs only fill columns), so it is a non-King card now at row 0, loose,
 *   which must have moved (and, face down, its column's lowest face-up card before it);
 * - with foundations only, to a foundation, with its column complete: a column with a King at
 *   row 0 now, which must first hold exactly the King's suit from King to Ace, all face up.
 *   Call its *run* the cards from row 0 up (face down or not) each the predecessor of the card
 *   under it. Until the column is complete its rows change only at the top, and a card leaves
 *   its row only by moving (the cards under it sit each on its successor, and the King at row 0
 *   waits for an empty column). So, all before the column may empty: its lowest face-up card
 *   must have moved if it has cards face down; the card on its run, if face up (loose, or a
 *   buried King), must have moved off its row; and every card M of the suit below the run must
 *   lie on its successor by then: M loose must have moved; M face down, its column's lowest
 *   face-up card must have moved (to turn it over); M in the open reserve must have left it; M
 *   on its successor already, or in the stock (the deal waits for nothing), asks for nothing.
 *   (No such M is in a foundation: its King is in this column.) A column that asks for none of
 *   these is complete, or short only of cards in the stock: none of them on another.
 * So a buried King waits for every card some column asks for to have moved (each must move
 * anyway: loose, a buried King, or in the reserve), or for nothing if a column is empty now or,
 * with foundations, asks for nothing. A King at row 0 is never on a card nor between two, so no
 * condition asks for it.
 * The open reserve: a won position has it empty, and a card leaves it only for a column, so every
 * card in it must move, a King to an empty column (waiting as a buried King does), another card
 * V onto V+1 on top of a column, with the conditions of a loose card whose successor lies in
 * another column (V+1 face down, under a card, or itself in the reserve; never in a foundation,
 * V not being there). Cards never enter the reserve, so a card of the root's reserve that is in
 * no column is in it still or, with foundations, in a foundation with its whole suit: it counts
 * as in the reserve when a card of its suit lies in a column (a suit wholly out of the columns is
 * left out, which can only make the check weaker). Taking the least fixpoint of "may move"
 * (a card may move if one of its conditions' cards may), a loose card or buried King left out can
 * never move: the position is lost. (Were one to move, the first such move would need a card
 * left out to have moved before it.) So is a column whose lowest face-up card sits on its
 * successor face down (that card can never move, so the cards under it stay face down).
 * Not for two decks (U could move between the two copies of U+1, and sit on either) nor Wasp (U
 * could go to an empty column).
 */
const FREE = 0;
const ONE = 1;
const BETWEEN = 2;
/** The card in `on` must have moved, and one of a range of cards as well. */
const BOTH = 3;
/** Every card one of the columns waits for before it may empty (`roots`) must have moved: a buried King. */
const ROOTS = 4;

/** Card sets are two 26-bit halves (two suits each): cards 0–25, then 26–51. */
const HALF = 26;
/** A half card set without its two Kings. */
const NOT_KINGS = ((1 << HALF) - 1) & ~((1 << KING) | (1 << (13 + KING)));

export class FrozenCheck {
  private readonly board: FastBoard;
  /** Where each card lies, for `isDeadAfter`: the caller reports every play and undo to it. */
  readonly places: CardPlaces;
  private readonly column = new Int8Array(FACES);
  private readonly row = new Int8Array(FACES);
  private readonly may = new Uint8Array(FACES);
  /** The loose cards still unresolved, with their condition: one card, or a range of a column. */
  private readonly loose = new Int16Array(FACES);
  private readonly kind = new Int8Array(FACES);
  private readonly first = new Int16Array(FACES);
  private readonly last = new Int16Array(FACES);
  private readonly on = new Int16Array(FACES);
  /** The set `gather` made. */
  private low = 0;
  private high = 0;
  /** Cards `canMove` has looked at in the current query: `seen[card] === query`. */
  private readonly seen = new Int32Array(FACES);
  private query = 0;
  /**
   * Cards found able to move in the current `isDeadAfter`: `able[card] === check`. With both a
   * card and a range needed, a search may fail only because a card it needed was still being
   * looked at higher up; one that marked no card able is right to fail (see stuck.ts), and one
   * that marked some is run again.
   */
  private readonly able = new Int32Array(FACES);
  private check = 0;
  private ables = 0;
  /** The foundations option is on: a complete column may leave, which empties it. */
  private readonly foundations: boolean;
  /**
   * Every King may move in the current query: a column is empty or, with foundations, one waits
   * for no card to move before it may empty (complete, or short only of stock cards).
   */
  private kingsFree = true;
  /**
   * For each column that may empty first, the cards that must all have moved before it can (see
   * the buried Kings above), with their places (`NOWHERE` for a card in the open reserve), for
   * the current query.
   */
  private readonly roots: Int16Array;
  private readonly rootRows: Int16Array;
  private readonly rootColumns: Int16Array;
  /** Where each column's cards end in `roots`, and how many columns there are. */
  private readonly rootEnds: Int16Array;
  private rootGroups = 0;
  /** `roots` is up to date for the current `isDeadAfter` (found when a King is first asked about). */
  private rootsFound = false;

  /**
   * The open reserve's cards at the root (Three Blind Mice). One of them in no column is still in
   * the reserve or, with foundations, in a foundation, and then so is every card of its suit.
   */
  private readonly reserve: readonly number[];
  private readonly reserved = new Uint8Array(FACES);

  /**
   * `foundations`: the foundations option is on (complete columns may leave, Kings included).
   * `reserve`: the open reserve's cards as they are now (none in the other variants).
   */
  constructor(board: FastBoard, foundations = false, reserve: readonly number[] = []) {
    this.board = board;
    this.places = new CardPlaces(board);
    this.foundations = foundations;
    this.reserve = reserve;
    for (const card of this.reserve) this.reserved[card] = 1;
    // At most a column's lowest face-up card, one out of sequence and twelve of its suit.
    this.roots = new Int16Array(board.columnCount * (RUN + 1));
    this.rootRows = new Int16Array(board.columnCount * (RUN + 1));
    this.rootColumns = new Int16Array(board.columnCount * (RUN + 1));
    this.rootEnds = new Int16Array(board.columnCount);
  }

  /**
   * Sets `kingsFree` for the board as it is: a column is empty or, with foundations, waits for no
   * card to move before it may empty, which is a run from its King to its top, face up, whose
   * missing cards (if any) are all in the stock. `fresh`: `column` holds every card's column (in
   * `isDead`), else `places` does.
   */
  private findFree(fresh: boolean): void {
    const { cards, stride, lengths, hidden, columnCount } = this.board;
    this.kingsFree = true;
    for (let c = 0; c < columnCount; c++) {
      const length = lengths[c]!;
      if (length === 0) return;
      const king = cards[c * stride]!;
      if (!this.foundations || king % 13 !== KING || hidden[c] !== 0) continue;
      // A run to its top has the card `length - 1` below its King on top.
      if (cards[c * stride + length - 1] !== king - length + 1 || this.runEnd(c) < length) continue;
      let card = cards[c * stride + length - 1]! - 1;
      while (card > king - RUN && this.reserved[card] === 0) {
        if ((fresh ? this.column[card]! : this.places.of(card)) !== NOWHERE) break;
        card--;
      }
      if (card === king - RUN) return;
    }
    this.kingsFree = false;
  }

  /** The row just above the run of column `c`: its cards from row 0, each the predecessor of the one under it. */
  private runEnd(c: number): number {
    const { cards, stride, lengths } = this.board;
    const base = c * stride;
    const length = lengths[c]!;
    let r = 1;
    while (r < length && cards[base + r]! % 13 !== KING && cards[base + r]! + 1 === cards[base + r - 1]) r++;
    return r;
  }

  /**
   * Column by column, the cards that must all have moved before it may empty, for the board as
   * it is, when `kingsFree` is not set (see the buried Kings above); `fresh`: `column` and `row`
   * hold every card's place (in `isDead`), else `places` does.
   */
  private findRoots(fresh: boolean): void {
    const { cards, stride, lengths, hidden, columnCount } = this.board;
    let count = 0;
    let groups = 0;
    for (let c = 0; c < columnCount; c++) {
      const base = c * stride;
      const h = hidden[c]!;
      if (cards[base]! % 13 !== KING) count = this.need(count, c, h);
      else if (this.foundations) {
        if (h > 0) count = this.need(count, c, h);
        const r = this.runEnd(c);
        if (r < lengths[c]! && r >= h) count = this.need(count, c, r);
        // Every card of the suit below the run must come onto it.
        for (let card = cards[base + r - 1]! - 1; card > cards[base]! - RUN; card--) {
          const place = fresh ? NOWHERE : this.places.of(card);
          const at = fresh ? this.column[card]! : place === NOWHERE ? NOWHERE : columnOf(place);
          if (at === NOWHERE) {
            if (this.reserved[card] === 1) {
              this.roots[count] = card;
              this.rootRows[count] = NOWHERE;
              this.rootColumns[count++] = NOWHERE;
            }
            continue;
          }
          const row = fresh ? this.row[card]! : rowOf(place);
          if (row < hidden[at]!) count = this.need(count, at, hidden[at]!);
          else if (row === 0 || cards[at * stride + row - 1] !== card + 1) count = this.need(count, at, row);
        }
      } else continue;
      this.rootEnds[groups++] = count;
    }
    this.rootGroups = groups;
    this.rootsFound = true;
  }

  /** Records the card at row `r` of column `c` at `roots[count]`; returns the next count. */
  private need(count: number, c: number, r: number): number {
    this.roots[count] = this.board.cards[c * this.board.stride + r]!;
    this.rootRows[count] = r;
    this.rootColumns[count] = c;
    return count + 1;
  }

  /** Whether the cards some column waits for may all move, as `may` says. */
  private rootsMay(): boolean {
    const { may, roots, rootEnds } = this;
    let k = 0;
    for (let g = 0; g < this.rootGroups; g++) {
      const end = rootEnds[g]!;
      while (k < end && may[roots[k]!] === 1) k++;
      if (k === end) return true;
      k = end;
    }
    return false;
  }

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
        may[card] = 0;
      }
      const h = hidden[c]!;
      if (h > 0 && cards[base + h]! % 13 !== KING && cards[base + h - 1] === cards[base + h]! + 1) return true;
    }
    this.findFree(true);
    const kingsFree = this.kingsFree;
    if (!kingsFree) this.findRoots(true);
    let open = 0;
    for (const card of this.reserve) {
      if (column[card] !== NOWHERE) continue;
      if (this.foundations && !this.suitInColumns(card)) {
        // In a foundation (asked about by no card: each card of its suit is there too).
        may[card] = 1;
        continue;
      }
      if (card % 13 === KING) {
        may[card] = kingsFree ? 1 : 0;
        if (!kingsFree) {
          kind[open] = ROOTS;
          loose[open++] = card;
        }
      } else {
        may[card] = 0;
        if (this.condition(card, NOWHERE, NOWHERE, open) === FREE) may[card] = 1;
        else loose[open++] = card;
      }
    }
    for (let c = 0; c < columnCount; c++) {
      const base = c * stride;
      for (let r = hidden[c]!; r < lengths[c]!; r++) {
        const card = cards[base + r]!;
        if (card % 13 === KING) {
          if (kingsFree || r === 0) {
            may[card] = 1;
            continue;
          }
          kind[open] = ROOTS;
          loose[open++] = card;
          continue;
        }
        if (r > 0 && cards[base + r - 1] === card + 1) continue;
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
        else if (kind[i] === ROOTS) met = this.rootsMay();
        else if (kind[i] === BOTH && may[this.on[i]!] === 0) met = false;
        else for (let at = first[i]!; at <= last[i]! && !met; at++) met = may[cards[at]!] === 1;
        if (!met) continue;
        may[card] = 1;
        open--;
        loose[i] = loose[open]!;
        kind[i] = kind[open]!;
        first[i] = first[open]!;
        last[i] = last[open]!;
        this.on[i] = this.on[open]!;
        i--;
        changed = true;
      }
    }
    return open > 0;
  }

  /**
   * The same verdict as `isDead`, much cheaper, right after the column move `move` (whose group
   * landed at row `landing` of its target; `turned`: it turned a card over) from a position
   * `isDead` (or this) found alive.
   *
   * Argument. Write P for the position before, Q after, G for the moved group (its lowest card X
   * onto X+1, or a King onto an empty column), A for the face-up cards left below it, C for the
   * cards of the target below the group, T for the card turned over, if any. Compare, for every
   * loose card U of Q, its condition in Q with the one it had in P (a condition of two parts
   * changes as each of them does):
   * - U+1 out of the columns, or face down in a column other than the source: unchanged (a move
   *   only adds or removes cards above the face-up ones, and the target's lowest face-up card
   *   stays). Face down in the source: unchanged without a turn; after one, U+1 = T is now on
   *   top (no condition), or U+1 waits under T instead of X.
   * - U+1 face up under a card: that card changes only when U+1 is X+1 (then U = X, not loose in
   *   Q) or U+1 was just under X, now the top of A: no condition in Q, unless U lies in A below
   *   it, where U waited for X and a card between them, and now only for the latter.
   * - U+1 on top in both: no condition, or, U below U+1 in one column, a card between them. U+1
   *   changes column only as the top of G: for U in G the cards between stay, for U in A there
   *   is no condition any more, and U in C now waits for a card between them.
   * So in Q, a loose card's condition is no stronger than in P, where it holds X only when X sat
   * on U+1 (no condition in Q), except for the *affected* cards: T (newly face up); U with U+1
   * face down in the source after a turn (it waited for X, now for T); U in C with U+1 in G. Also
   * asked about, as before (harmless: every card asked about is loose, and one that may not move
   * makes Q dead): U in A with U+1 in G, and U in G, above X, with U+1 in A. Loose cards are those of P less X, plus T. By induction on
   * the order in which P's fixpoint let its loose cards move (all of them, P being alive): if
   * every affected card may move in Q, so may every other one, each through the card that freed
   * it in P (a King, a loose card other than X, still loose in Q). So Q is dead exactly when T
   * sits on its face-down successor (the only lowest face-up card that changed) or an affected
   * card may not move. `canMove` decides that for one card, and counts a card sitting on its
   * successor, face down or not, as unable to move, which covers the first case. The cards
   * waiting for T need no query of their own: they may move exactly when T may. Needs `places`
   * up to date, but looks a card up only when some card is affected (or, with foundations, a
   * column runs from its King to its top: the cards it lacks).
   *
   * Buried Kings. A column move buries no King (a King at row 0 moves only into an empty column,
   * to row 0). If a column is empty in Q, every King may move. Otherwise, unless the move filled
   * P's last empty column (then every card is asked about: `isDead`), no column was empty in P
   * either and the move left row 0 alone (it did not empty its source). With foundations, no
   * column asked for nothing in P either: such a column gives or takes cards only as a whole,
   * into an empty column (each of its cards sits on its successor, and only a card in the stock
   * fits on its top), so it would still ask for nothing in Q. So a buried King waits in Q for
   * what it waited for in P, column by column, or less, but for cards asked about: for the card
   * at row 0, or for the lowest face-up card, which changes only when the move took it, turning
   * T over, and T is asked about first; with foundations, for a column with a King at row 0:
   * - the same lowest face-up card, or T in its place;
   * - the same card on its run, or none (X was that card, and left), or T (turned over on the
   *   run), or, the column being the target and its run having reached its top in P, a card of
   *   G now on its run: that card is asked about;
   * - for the cards of its suit below the run (the same run, unless the target's grew with G, and
   *   then fewer cards), the same cards as before, or none for X (now on its successor), or T in
   *   place of X (a card face down in the source, or T itself).
   * So buried Kings join the induction above as loose cards do, freed through the same cards, or
   * asked about. (A King waits for all the cards of one column: `canMove` runs again when a
   * search fails after marking cards able, as for a card and a range, which is enough for any
   * such condition.) Every card asked about must move anyway, so asking one more never calls a
   * live position dead: this part of the argument is only that nothing is missed.
   *
   * Reserve cards. A column move leaves the reserve alone, and a reserve card's condition, as a
   * loose card's in another column, changes only when it waited for X on its successor (no
   * condition in Q; X + 1 is never V + 1, V not being X) or for the lowest face-up card of the
   * source (then for T, which is asked about first). So they too are freed in Q through the cards
   * that freed them in P, and a card waiting for a reserve card waits for the same one.
   */
  isDeadAfter(move: number, landing: number, turned: boolean): boolean {
    const { cards, stride, lengths, hidden } = this.board;
    const from = codeA(move);
    const to = codeC(move);
    this.check++;
    if (this.check === 0x7fffffff) {
      this.check = 1;
      this.able.fill(0);
    }
    this.findFree(false);
    this.rootsFound = false;
    // The target was empty and no column is now: Kings wait for a card at row 0 where they did
    // not before, so every card is asked about.
    if (landing === 0 && !this.kingsFree) return this.isDead();
    if (turned && !this.canMove(cards[from * stride + hidden[from]!]!)) return true;
    // G, C and A as sets of cards (T is in A after a turn).
    this.gather(to, landing, lengths[to]!);
    const gLow = this.low;
    const gHigh = this.high;
    this.gather(to, hidden[to]!, landing);
    const cLow = this.low;
    const cHigh = this.high;
    this.gather(from, hidden[from]!, lengths[from]!);
    const aLow = this.low;
    const aHigh = this.high;
    // Shifting a set down by one turns each card into the one below it in its suit (an Ace into
    // the King of the suit before, which NOT_KINGS drops): U in C or A with U+1 in G, and U in G
    // with U+1 in A (never X: X+1 is in C).
    let low = (((cLow | aLow) & (gLow >>> 1)) | (gLow & (aLow >>> 1))) & NOT_KINGS;
    let high = (((cHigh | aHigh) & (gHigh >>> 1)) | (gHigh & (aHigh >>> 1))) & NOT_KINGS;
    for (; low !== 0; low &= low - 1) if (!this.canMove(31 - Math.clz32(low & -low))) return true;
    for (; high !== 0; high &= high - 1) if (!this.canMove(HALF + 31 - Math.clz32(high & -high))) return true;
    // With foundations, a column whose run from its King reached its top may now wait for the
    // card the move put on its run.
    const king = cards[to * stride]!;
    if (
      this.foundations &&
      !this.kingsFree &&
      king % 13 === KING &&
      cards[to * stride + landing - 1] === king - landing + 1
    ) {
      const r = this.runEnd(to);
      if (r >= landing && r < lengths[to]! && !this.canMove(cards[to * stride + r]!)) return true;
    }
    return false;
  }

  /** Whether a card of `card`'s suit lies in a column (in `isDead`), so that none of them is in a foundation. */
  private suitInColumns(card: number): boolean {
    const ace = card - (card % 13);
    for (let other = ace; other < ace + 13; other++) if (this.column[other] !== NOWHERE) return true;
    return false;
  }

  /** Rows `from` to `to - 1` of column `c` as a set of cards, into `low` and `high`. */
  private gather(c: number, from: number, to: number): void {
    const { cards, stride } = this.board;
    const base = c * stride;
    let low = 0;
    let high = 0;
    for (let r = from; r < to; r++) {
      const card = cards[base + r]!;
      if (card < HALF) low |= 1 << card;
      else high |= 1 << (card - HALF);
    }
    this.low = low;
    this.high = high;
  }

  /**
   * Whether loose card `card` is in the least fixpoint of "may move": some chain of conditions
   * (as in `isDead`) leads from it to a King or to a loose card without a condition. A depth-first
   * search for such a chain, each card looked at once.
   */
  private canMove(card: number): boolean {
    const place = this.places.of(card);
    for (;;) {
      const before = this.ables;
      this.query++;
      if (this.query === 0x7fffffff) {
        this.query = 1;
        this.seen.fill(0);
      }
      if (this.reach(card, columnOf(place), rowOf(place))) return true;
      if (this.ables === before) return false;
    }
  }

  /** `canMove` for `card`, which lies at row `r` of column `c`. */
  private reach(card: number, c: number, r: number): boolean {
    if (this.able[card] === this.check || (card % 13 === KING && (this.kingsFree || r === 0))) return true;
    if (this.seen[card] === this.query) return false;
    this.seen[card] = this.query;
    if (card % 13 === KING) {
      if (!this.rootsFound) this.findRoots(false);
      const { roots, rootColumns, rootRows, rootEnds } = this;
      let k = 0;
      for (let g = 0; g < this.rootGroups; g++) {
        const end = rootEnds[g]!;
        while (k < end && this.reach(roots[k]!, rootColumns[k]!, rootRows[k]!)) k++;
        if (k === end) return this.mark(card);
        k = end;
      }
      return false;
    }
    const { cards, stride, lengths, hidden } = this.board;
    const base = c * stride;
    if (c !== NOWHERE && (r < hidden[c]! || (r > 0 && cards[base + r - 1] === card + 1))) return false;
    const successor = this.places.of(card + 1);
    if (successor === NOWHERE) {
      if (this.reserved[card + 1] === 1 && !this.reach(card + 1, NOWHERE, NOWHERE)) return false;
      return this.mark(card);
    }
    const sc = columnOf(successor);
    const sr = rowOf(successor);
    const sbase = sc * stride;
    if (sr < hidden[sc]!) return this.reach(cards[sbase + hidden[sc]!]!, sc, hidden[sc]!) && this.mark(card);
    if (sr < lengths[sc]! - 1) {
      if (!this.reach(cards[sbase + sr + 1]!, sc, sr + 1)) return false;
      if (sc !== c || sr < r) return this.mark(card);
    } else if (sc !== c) {
      return this.mark(card);
    }
    for (let at = r + 1; at <= sr; at++) if (this.reach(cards[base + at]!, c, at)) return this.mark(card);
    return false;
  }

  /** Remembers `card` as able to move for the rest of this `isDeadAfter`. */
  private mark(card: number): boolean {
    this.able[card] = this.check;
    this.ables++;
    return true;
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
    if (sc === NOWHERE) {
      if (this.reserved[successor] === 0) return FREE;
      this.kind[i] = ONE;
      this.first[i] = successor;
      return ONE;
    }
    const sr = this.row[successor]!;
    const base = sc * stride;
    if (sr < hidden[sc]!) {
      this.kind[i] = ONE;
      this.first[i] = cards[base + hidden[sc]!]!;
    } else if (sr < lengths[sc]! - 1 && (sc !== c || sr < r)) {
      this.kind[i] = ONE;
      this.first[i] = cards[base + sr + 1]!;
    } else if (sr < lengths[sc]! - 1) {
      this.kind[i] = BOTH;
      this.on[i] = cards[base + sr + 1]!;
      this.first[i] = base + r + 1;
      this.last[i] = base + sr;
    } else if (sc !== c) {
      return FREE;
    } else {
      this.kind[i] = BETWEEN;
      this.first[i] = base + r + 1;
      this.last[i] = base + sr;
    }
    return this.kind[i]!;
  }
}
