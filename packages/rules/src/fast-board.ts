import { type Card, FACES } from './cards.ts';
import {
  codeA,
  codeB,
  codeC,
  codeKind,
  KIND_DEAL,
  KIND_FOUNDATION,
  KIND_MOVE,
  KIND_RESERVE,
  KIND_UNFOUNDATION,
  moveCode,
} from './move-code.ts';
import type { Move } from './moves.ts';
import type { GameState } from './state.ts';
import { VARIANTS } from './variants.ts';

/*
 * A mutable board on typed arrays for the hot loops: random playouts, the benchmark and the
 * solver. It follows exactly the rules of `legalMoves`/`applyMove` (a property test plays both
 * side by side), but plays in place and takes moves back instead of copying positions.

 * A move is one integer (`move-code.ts`).
 */
const RANK = new Int8Array(2 * FACES);
const SUIT = new Int8Array(2 * FACES);
const FACE = new Int8Array(2 * FACES);
for (let card = 0; card < 2 * FACES; card++) {
  FACE[card] = card % FACES;
  RANK[card] = ((card % FACES) % 13) + 1;
  SUIT[card] = Math.floor((card % FACES) / 13);
}

const STOCK_COLUMNS = 3;

/** Insertion sort of the first `count` keys: there are rarely more than a dozen. */
function sortKeys(keys: Int32Array, count: number): void {
  for (let i = 1; i < count; i++) {
    const key = keys[i]!;
    let j = i - 1;
    while (j >= 0 && keys[j]! > key) {
      keys[j + 1] = keys[j]!;
      j--;
    }
    keys[j + 1] = key;
  }
}
const RUN = 13;

export class FastBoard {
  readonly columnCount: number;
  /** `cards[c * stride + r]` is row `r` (0 = bottom) of column `c`. */
  readonly stride: number;
  readonly cards: Int16Array;
  readonly lengths: Int16Array;
  readonly hidden: Int16Array;
  private readonly state0: Pick<GameState, 'variant' | 'options'>;
  private readonly anyToEmpty: boolean;
  private readonly foundationsOn: boolean;
  private readonly stock: Int16Array;
  private stockLen: number;
  private readonly reserve: Int16Array;
  private reserveLen: number;
  private readonly foundations: Int16Array;
  private foundationLen = 0;
  /**
   * Two entries per play: the move, and what undoing it needs: for a column move the number of
   * cards moved times two plus one if a card was turned over; for a deal the stock size; for a
   * reserve move the card.
   */
  private log: Int32Array = new Int32Array(1024);
  private logLen = 0;
  /**
   * Where each card is: its column (-1 when in the stock, reserve or foundations) and row. Kept
   * up to date by every play and undo, so that generation looks only at what each column top
   * can receive instead of at every face-up card.
   */
  private readonly where = new Int16Array(2 * FACES).fill(-1);
  private readonly rowOf = new Int16Array(2 * FACES);
  private readonly decks: number;
  private readonly empties: Int16Array;
  /** Column moves found by `generate` as sortable keys `from << 16 | row << 8 | to`. */
  private readonly keys = new Int32Array(1024);

  private constructor(state: GameState) {
    const variant = VARIANTS[state.variant];
    this.state0 = { variant: state.variant, options: state.options };
    this.anyToEmpty = variant.emptyColumn === 'any';
    this.foundationsOn = state.options.foundations;
    this.columnCount = state.columns.length;
    this.stride = FACES * variant.decks;
    this.cards = new Int16Array(this.columnCount * this.stride);
    this.lengths = new Int16Array(this.columnCount);
    this.hidden = new Int16Array(this.columnCount);
    this.empties = new Int16Array(this.columnCount);
    this.decks = variant.decks;
    state.columns.forEach((column, c) => {
      this.cards.set(column, c * this.stride);
      this.lengths[c] = column.length;
      this.hidden[c] = state.hidden[c]!;
      for (let row = 0; row < column.length; row++) this.place(column[row]!, c, row);
    });
    this.stock = Int16Array.from(state.stock);
    this.stockLen = state.stock.length;
    this.reserve = Int16Array.from(state.reserve);
    this.reserveLen = state.reserve.length;
    this.foundations = new Int16Array(RUN * 4 * variant.decks);
    for (const run of state.foundations) this.foundations.set(run, RUN * this.foundationLen++);
  }

  static fromState(state: GameState): FastBoard {
    return new FastBoard(state);
  }

  toState(): GameState {
    const columns: Card[][] = [];
    for (let c = 0; c < this.columnCount; c++) {
      columns.push(Array.from(this.cards.subarray(c * this.stride, c * this.stride + this.lengths[c]!)));
    }
    const foundations: Card[][] = [];
    for (let f = 0; f < this.foundationLen; f++) {
      foundations.push(Array.from(this.foundations.subarray(f * RUN, f * RUN + RUN)));
    }
    return {
      ...this.state0,
      columns,
      hidden: Array.from(this.hidden),
      stock: Array.from(this.stock.subarray(0, this.stockLen)),
      reserve: Array.from(this.reserve.subarray(0, this.reserveLen)),
      foundations,
    };
  }

  stockLength(): number {
    return this.stockLen;
  }

  reserveLength(): number {
    return this.reserveLen;
  }

  foundationCount(): number {
    return this.foundationLen;
  }

  /** How many plays `undo` can take back. */
  depth(): number {
    return this.logLen / 2;
  }

  static encode(move: Move): number {
    switch (move.kind) {
      case 'move':
        return moveCode(KIND_MOVE, move.from, move.row, move.to);
      case 'deal':
        return moveCode(KIND_DEAL, 0, 0, 0);
      case 'reserve':
        return moveCode(KIND_RESERVE, move.index, 0, move.to);
      case 'foundation':
        return moveCode(KIND_FOUNDATION, move.from, 0, 0);
      case 'unfoundation':
        return moveCode(KIND_UNFOUNDATION, move.foundation, 0, move.to);
    }
  }

  static decode(move: number): Move {
    const a = codeA(move);
    const b = codeB(move);
    const c = codeC(move);
    switch (codeKind(move)) {
      case KIND_MOVE:
        return { kind: 'move', from: a, row: b, to: c };
      case KIND_DEAL:
        return { kind: 'deal' };
      case KIND_RESERVE:
        return { kind: 'reserve', index: a, to: c };
      case KIND_FOUNDATION:
        return { kind: 'foundation', from: a };
      default:
        return { kind: 'unfoundation', foundation: a, to: c };
    }
  }

  /** Column `c` is one complete King-to-Ace run, all face up. */
  isCompleteColumn(c: number): boolean {
    if (this.lengths[c] !== RUN || this.hidden[c] !== 0) return false;
    const base = c * this.stride;
    const suit = SUIT[this.cards[base]!]!;
    for (let r = 0; r < RUN; r++) {
      const card = this.cards[base + r]!;
      if (SUIT[card] !== suit || RANK[card] !== RUN - r) return false;
    }
    return true;
  }

  isWon(): boolean {
    if (this.stockLen > 0 || this.reserveLen > 0) return false;
    for (let c = 0; c < this.columnCount; c++) {
      if (this.lengths[c]! > 0 && !this.isCompleteColumn(c)) return false;
    }
    return true;
  }

  /** Writes every legal move into `out` in `legalMoves` order; returns how many. */
  generate(out: Int32Array): number {
    if (this.isWon()) return 0;
    const { cards, lengths, hidden, stride, where, rowOf, empties, keys } = this;
    const copies = this.decks * FACES;
    let emptyCount = 0;
    let k = 0;
    for (let t = 0; t < this.columnCount; t++) {
      const len = lengths[t]!;
      if (len === 0) {
        empties[emptyCount++] = t;
        continue;
      }
      const top = cards[t * stride + len - 1]!;
      if (RANK[top] === 1) continue;
      for (let card = FACE[top]! - 1; card < copies; card += FACES) {
        const c = where[card]!;
        if (c < 0 || c === t) continue;
        const row = rowOf[card]!;
        if (row >= hidden[c]!) keys[k++] = (c << 16) | (row << 8) | t;
      }
    }
    if (emptyCount > 0) k = this.emptyColumnKeys(k, emptyCount);
    sortKeys(keys, k);
    let n = 0;
    for (let i = 0; i < k; i++) {
      const key = keys[i]!;
      out[n++] = moveCode(KIND_MOVE, key >> 16, (key >> 8) & 255, key & 255);
    }
    for (let index = 0; index < this.reserveLen; index++) {
      const card = this.reserve[index]!;
      const toEmpty = this.anyToEmpty || RANK[card] === RUN;
      for (let t = 0; t < this.columnCount; t++) {
        const len = lengths[t]!;
        const fits = len === 0 ? toEmpty : RANK[card] !== RUN && FACE[cards[t * stride + len - 1]!] === FACE[card]! + 1;
        if (fits) out[n++] = moveCode(KIND_RESERVE, index, 0, t);
      }
    }
    if (this.stockLen > 0) out[n++] = KIND_DEAL;
    if (this.foundationsOn) {
      for (let from = 0; from < this.columnCount; from++) {
        if (this.isCompleteColumn(from)) out[n++] = moveCode(KIND_FOUNDATION, from, 0, 0);
      }
      for (let f = 0; f < this.foundationLen; f++) {
        for (let e = 0; e < emptyCount; e++) out[n++] = moveCode(KIND_UNFOUNDATION, f, 0, empties[e]!);
      }
    }
    return n;
  }

  /** Adds the keys of moves into empty columns: face-up Kings, or any face-up card in Wasp. */
  private emptyColumnKeys(k: number, emptyCount: number): number {
    const { keys, empties, hidden, lengths } = this;
    if (this.anyToEmpty) {
      for (let c = 0; c < this.columnCount; c++) {
        for (let row = hidden[c]!; row < lengths[c]!; row++) {
          for (let e = 0; e < emptyCount; e++) keys[k++] = (c << 16) | (row << 8) | empties[e]!;
        }
      }
      return k;
    }
    for (let king = RUN - 1; king < this.decks * FACES; king += RUN) {
      const c = this.where[king]!;
      if (c < 0) continue;
      const row = this.rowOf[king]!;
      if (row < hidden[c]!) continue;
      for (let e = 0; e < emptyCount; e++) keys[k++] = (c << 16) | (row << 8) | empties[e]!;
    }
    return k;
  }

  /** Plays a legal move (as `generate` writes it) in place. */
  play(move: number): void {
    const a = codeA(move);
    const b = codeB(move);
    const c = codeC(move);
    let undo = 0;
    switch (codeKind(move)) {
      case KIND_MOVE: {
        undo = (this.lengths[a]! - b) << 1;
        this.moveCards(a, b, c);
        if (b > 0 && this.hidden[a]! >= b) {
          this.hidden[a] = b - 1;
          undo |= 1;
        }
        break;
      }
      case KIND_DEAL:
        undo = this.stockLen;
        for (let i = 0; i < this.stockLen; i++) this.pushCard(i % STOCK_COLUMNS, this.stock[i]!);
        this.stockLen = 0;
        break;
      case KIND_RESERVE:
        undo = this.reserve[a]!;
        this.reserve.copyWithin(a, a + 1, this.reserveLen);
        this.reserveLen--;
        this.pushCard(c, undo);
        break;
      case KIND_FOUNDATION:
        this.foundations.set(this.column(a), RUN * this.foundationLen++);
        this.clearColumn(a);
        break;
      default:
        this.fillColumn(c, this.foundations.subarray(a * RUN, a * RUN + RUN));
        this.foundations.copyWithin(a * RUN, (a + 1) * RUN, this.foundationLen * RUN);
        this.foundationLen--;
    }
    if (this.logLen + 2 > this.log.length) {
      const grown = new Int32Array(this.log.length * 2);
      grown.set(this.log);
      this.log = grown;
    }
    this.log[this.logLen++] = move;
    this.log[this.logLen++] = undo;
  }

  /** Takes back the last play. */
  undo(): void {
    const undo = this.log[--this.logLen]!;
    const move = this.log[--this.logLen]!;
    const a = codeA(move);
    const b = codeB(move);
    const c = codeC(move);
    switch (codeKind(move)) {
      case KIND_MOVE:
        if (undo & 1) this.hidden[a] = b;
        this.moveCards(c, this.lengths[c]! - (undo >> 1), a);
        break;
      case KIND_DEAL:
        for (let i = undo - 1; i >= 0; i--) this.stock[i] = this.popCard(i % STOCK_COLUMNS);
        this.stockLen = undo;
        break;
      case KIND_RESERVE:
        this.popCard(c);
        this.reserve.copyWithin(a + 1, a, this.reserveLen);
        this.reserve[a] = undo;
        this.reserveLen++;
        break;
      case KIND_FOUNDATION:
        this.foundationLen--;
        this.fillColumn(a, this.foundations.subarray(this.foundationLen * RUN, this.foundationLen * RUN + RUN));
        break;
      default:
        this.foundations.copyWithin((a + 1) * RUN, a * RUN, this.foundationLen * RUN);
        this.foundations.set(this.column(c), a * RUN);
        this.foundationLen++;
        this.clearColumn(c);
    }
  }

  private column(c: number): Int16Array {
    return this.cards.subarray(c * this.stride, c * this.stride + this.lengths[c]!);
  }

  /** Moves the cards from `row` up of column `from` onto column `to`. */
  private moveCards(from: number, row: number, to: number): void {
    const count = this.lengths[from]! - row;
    const source = from * this.stride + row;
    const landing = this.lengths[to]!;
    for (let i = 0; i < count; i++) {
      const card = this.cards[source + i]!;
      this.cards[to * this.stride + landing + i] = card;
      this.place(card, to, landing + i);
    }
    this.lengths[to] = landing + count;
    this.lengths[from] = row;
  }

  private pushCard(c: number, card: number): void {
    this.cards[c * this.stride + this.lengths[c]!] = card;
    this.place(card, c, this.lengths[c]!);
    this.lengths[c] = this.lengths[c]! + 1;
  }

  private popCard(c: number): number {
    this.lengths[c] = this.lengths[c]! - 1;
    const card = this.cards[c * this.stride + this.lengths[c]!]!;
    this.where[card] = -1;
    return card;
  }

  private fillColumn(c: number, run: Int16Array): void {
    this.cards.set(run, c * this.stride);
    for (let row = 0; row < run.length; row++) this.place(run[row]!, c, row);
    this.lengths[c] = run.length;
  }

  private clearColumn(c: number): void {
    for (const card of this.column(c)) this.where[card] = -1;
    this.lengths[c] = 0;
  }

  private place(card: number, column: number, row: number): void {
    this.where[card] = column;
    this.rowOf[card] = row;
  }
}
