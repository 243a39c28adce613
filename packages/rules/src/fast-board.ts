import { type Card, FACES } from './cards.ts';
import type { Move } from './moves.ts';
import type { GameState } from './state.ts';
import { VARIANTS } from './variants.ts';

/*
 * A mutable board on typed arrays for the hot loops: random playouts, the benchmark and the
 * solver. It follows exactly the rules of `legalMoves`/`applyMove` (a property test plays both
 * side by side), but plays in place and takes moves back instead of copying positions.
 *
 * A move is one integer: kind in bits 0–2, then three 7-bit fields a, b, c:
 *   move: a = from, b = row, c = to · deal · reserve: a = index, c = to
 *   foundation: a = from · unfoundation: a = foundation, c = to
 */
const KIND_MOVE = 0;
const KIND_DEAL = 1;
const KIND_RESERVE = 2;
const KIND_FOUNDATION = 3;
const KIND_UNFOUNDATION = 4;

function code(kind: number, a: number, b: number, c: number): number {
  return kind | (a << 3) | (b << 10) | (c << 17);
}

const RANK = new Int8Array(2 * FACES);
const SUIT = new Int8Array(2 * FACES);
const FACE = new Int8Array(2 * FACES);
for (let card = 0; card < 2 * FACES; card++) {
  FACE[card] = card % FACES;
  RANK[card] = ((card % FACES) % 13) + 1;
  SUIT[card] = Math.floor((card % FACES) / 13);
}

const STOCK_COLUMNS = 3;
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
  /** Per face: the first and second column whose top is one rank higher in suit (-1: none). */
  private readonly above = new Int16Array(FACES).fill(-1);
  private readonly aboveToo = new Int16Array(FACES).fill(-1);
  private readonly empties: Int16Array;

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
    state.columns.forEach((column, c) => {
      this.cards.set(column, c * this.stride);
      this.lengths[c] = column.length;
      this.hidden[c] = state.hidden[c]!;
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
        return code(KIND_MOVE, move.from, move.row, move.to);
      case 'deal':
        return code(KIND_DEAL, 0, 0, 0);
      case 'reserve':
        return code(KIND_RESERVE, move.index, 0, move.to);
      case 'foundation':
        return code(KIND_FOUNDATION, move.from, 0, 0);
      case 'unfoundation':
        return code(KIND_UNFOUNDATION, move.foundation, 0, move.to);
    }
  }

  static decode(move: number): Move {
    const a = (move >> 3) & 127;
    const b = (move >> 10) & 127;
    const c = (move >> 17) & 127;
    switch (move & 7) {
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
    const { cards, lengths, hidden, stride, above, aboveToo, empties } = this;
    let emptyCount = 0;
    for (let t = 0; t < this.columnCount; t++) {
      const len = lengths[t]!;
      if (len === 0) {
        empties[emptyCount++] = t;
        continue;
      }
      const top = cards[t * stride + len - 1]!;
      if (RANK[top] === 1) continue;
      const below = FACE[top]! - 1;
      if (above[below]! < 0) above[below] = t;
      else aboveToo[below] = t;
    }
    let n = 0;
    const anyToEmpty = this.anyToEmpty;
    for (let from = 0; from < this.columnCount; from++) {
      const base = from * stride;
      const length = lengths[from]!;
      for (let row = hidden[from]!; row < length; row++) {
        const card = cards[base + row]!;
        // Most cards have nowhere to go: skip them without a call.
        if (above[FACE[card]!]! < 0 && (emptyCount === 0 || (!anyToEmpty && RANK[card] !== RUN))) continue;
        n = this.pushTargets(out, n, card, KIND_MOVE, from, row, emptyCount);
      }
    }
    for (let index = 0; index < this.reserveLen; index++) {
      n = this.pushTargets(out, n, this.reserve[index]!, KIND_RESERVE, index, 0, emptyCount);
    }
    for (let t = 0; t < this.columnCount; t++) {
      const len = lengths[t]!;
      if (len === 0) continue;
      const top = cards[t * stride + len - 1]!;
      if (RANK[top] === 1) continue;
      above[FACE[top]! - 1] = -1;
      aboveToo[FACE[top]! - 1] = -1;
    }
    if (this.stockLen > 0) out[n++] = KIND_DEAL;
    if (this.foundationsOn) {
      for (let from = 0; from < this.columnCount; from++) {
        if (this.isCompleteColumn(from)) out[n++] = code(KIND_FOUNDATION, from, 0, 0);
      }
      for (let f = 0; f < this.foundationLen; f++) {
        for (let e = 0; e < emptyCount; e++) out[n++] = code(KIND_UNFOUNDATION, f, 0, empties[e]!);
      }
    }
    return n;
  }

  /** The targets of one card, merged in column order with the empty columns it may fill. */
  private pushTargets(
    out: Int32Array,
    n: number,
    card: number,
    kind: number,
    a: number,
    row: number,
    emptyCount: number,
  ): number {
    const f = FACE[card]!;
    const toEmpty = this.anyToEmpty || RANK[card] === RUN;
    const from = kind === KIND_MOVE ? a : -1;
    let e = 0;
    for (let k = 0; k < 2; k++) {
      const t = k === 0 ? this.above[f]! : this.aboveToo[f]!;
      if (t < 0) continue;
      if (toEmpty) {
        for (; e < emptyCount && this.empties[e]! < t; e++) {
          if (this.empties[e] !== from) out[n++] = code(kind, a, row, this.empties[e]!);
        }
      }
      if (t !== from) out[n++] = code(kind, a, row, t);
    }
    if (toEmpty) {
      for (; e < emptyCount; e++) {
        if (this.empties[e] !== from) out[n++] = code(kind, a, row, this.empties[e]!);
      }
    }
    return n;
  }

  /** Plays a legal move (as `generate` writes it) in place. */
  play(move: number): void {
    const a = (move >> 3) & 127;
    const b = (move >> 10) & 127;
    const c = (move >> 17) & 127;
    let undo = 0;
    switch (move & 7) {
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
        this.lengths[a] = 0;
        break;
      default:
        this.cards.set(this.foundations.subarray(a * RUN, a * RUN + RUN), c * this.stride);
        this.lengths[c] = RUN;
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
    const a = (move >> 3) & 127;
    const b = (move >> 10) & 127;
    const c = (move >> 17) & 127;
    switch (move & 7) {
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
        this.cards.set(
          this.foundations.subarray(this.foundationLen * RUN, this.foundationLen * RUN + RUN),
          a * this.stride,
        );
        this.lengths[a] = RUN;
        break;
      default:
        this.foundations.copyWithin((a + 1) * RUN, a * RUN, this.foundationLen * RUN);
        this.foundations.set(this.column(c), a * RUN);
        this.foundationLen++;
        this.lengths[c] = 0;
    }
  }

  private column(c: number): Int16Array {
    return this.cards.subarray(c * this.stride, c * this.stride + this.lengths[c]!);
  }

  /** Moves the cards from `row` up of column `from` onto column `to`. */
  private moveCards(from: number, row: number, to: number): void {
    const start = from * this.stride + row;
    const end = from * this.stride + this.lengths[from]!;
    this.cards.copyWithin(to * this.stride + this.lengths[to]!, start, end);
    this.lengths[to] = this.lengths[to]! + (end - start);
    this.lengths[from] = row;
  }

  private pushCard(c: number, card: number): void {
    this.cards[c * this.stride + this.lengths[c]!] = card;
    this.lengths[c] = this.lengths[c]! + 1;
  }

  private popCard(c: number): number {
    this.lengths[c] = this.lengths[c]! - 1;
    return this.cards[c * this.stride + this.lengths[c]!]!;
  }
}
