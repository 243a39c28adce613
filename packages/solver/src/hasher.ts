import { FACES, type FastBoard, type GameState } from '@scorpion/rules';
import {
  fieldA,
  fieldC,
  KIND_DEAL,
  KIND_FOUNDATION,
  KIND_MOVE,
  KIND_RESERVE,
  KIND_UNFOUNDATION,
  kindOf,
} from './codes.ts';
import {
  CARD_HI,
  CARD_LO,
  FOUNDATION_HI,
  FOUNDATION_LO,
  fmix,
  HIDDEN_HI,
  HIDDEN_LO,
  RESERVE_HI,
  RESERVE_LO,
  ROWS,
  SALT_HI,
  SALT_LO,
  STOCK_HI,
  STOCK_LO,
} from './zobrist.ts';

/** Columns 1–3 (indices 0–2) receive the stock, so their place matters until it is dealt. */
const STOCK_COLUMNS = 3;
/** Saved per play: three (column, lo, hi) triples, the extra halves, four foundation counts. */
const RECORD = 3 * 3 + 2 + 4;

/**
 * Plays moves on a `FastBoard` and keeps a 64-bit key of the position *class* up to date.
 *
 * The key is canonical where the rules are symmetric, which is what makes it sound to treat two
 * positions with the same key as one:
 * - Column order: the only rule that names a column is the deal (onto columns 1–3). Once the
 *   stock is dealt, or in variants without one, permuting columns maps legal moves to legal moves
 *   and won positions to won positions, so columns are hashed as a set. While the stock is
 *   undealt, columns 1–3 are salted with their index and only columns 4+ form a set.
 * - Copies of a face (Double Scorpion): the rules only read faces, so cards hash by face.
 * - Reserve order and foundation order: any reserve card and any foundation run may be played at
 *   any time, so both hash as sets (foundations as a count per suit).
 * Each column's code is its cards by (face, row) and its face-down count, finalised non-linearly
 * so that cards cannot trade columns unnoticed; columns are then added (not XOR-ed: two Double
 * Scorpion columns can hold the same faces, and must not cancel out).
 */
export class PositionHasher {
  lo = 0;
  hi = 0;
  private readonly colLo: Int32Array;
  private readonly colHi: Int32Array;
  private extraLo = 0;
  private extraHi = 0;
  private readonly foundations = new Int8Array(4);
  private saved = new Int32Array(RECORD * 256);
  private depth = 0;

  constructor(
    readonly board: FastBoard,
    state: GameState,
  ) {
    this.colLo = new Int32Array(board.columnCount);
    this.colHi = new Int32Array(board.columnCount);
    for (let c = 0; c < board.columnCount; c++) this.hashColumn(c);
    if (board.stockLength() > 0) {
      this.extraLo ^= STOCK_LO;
      this.extraHi ^= STOCK_HI;
    }
    for (const card of state.reserve) {
      this.extraLo ^= RESERVE_LO[card % FACES]!;
      this.extraHi ^= RESERVE_HI[card % FACES]!;
    }
    for (const run of state.foundations) this.countFoundation(Math.floor((run[0]! % FACES) / 13), 1);
    this.key();
  }

  /** Plays `move` (legal, as `FastBoard.generate` writes it) on the board and updates the key. */
  play(move: number): void {
    const board = this.board;
    if (this.saved.length < (this.depth + 1) * RECORD) {
      const grown = new Int32Array(this.saved.length * 2);
      grown.set(this.saved);
      this.saved = grown;
    }
    const base = this.depth * RECORD;
    const s = this.saved;
    s[base + 9] = this.extraLo;
    s[base + 10] = this.extraHi;
    for (let i = 0; i < 4; i++) s[base + 11 + i] = this.foundations[i]!;
    const kind = kindOf(move);
    const a = fieldA(move);
    const c = fieldC(move);
    let first = c;
    let second = -1;
    let third = -1;
    if (kind === KIND_MOVE) second = a;
    else if (kind === KIND_DEAL) {
      first = 0;
      second = 1;
      third = 2;
      this.extraLo ^= STOCK_LO;
      this.extraHi ^= STOCK_HI;
    } else if (kind === KIND_FOUNDATION) {
      first = a;
      this.countFoundation(Math.floor((board.cards[a * board.stride]! % FACES) / 13), 1);
    }
    this.save(base, 0, first);
    this.save(base, 3, second);
    this.save(base, 6, third);
    board.play(move);
    if (kind === KIND_RESERVE) {
      const face = board.cards[c * board.stride + board.lengths[c]! - 1]! % FACES;
      this.extraLo ^= RESERVE_LO[face]!;
      this.extraHi ^= RESERVE_HI[face]!;
    } else if (kind === KIND_UNFOUNDATION) {
      this.countFoundation(Math.floor((board.cards[c * board.stride]! % FACES) / 13), -1);
    }
    this.hashColumn(first);
    if (second >= 0) this.hashColumn(second);
    if (third >= 0) this.hashColumn(third);
    this.depth++;
    this.key();
  }

  /** Takes back the last play on the board and restores the key. */
  undo(): void {
    this.board.undo();
    this.depth--;
    const base = this.depth * RECORD;
    const s = this.saved;
    for (let k = 0; k < 9; k += 3) {
      const c = s[base + k]!;
      if (c < 0) continue;
      this.colLo[c] = s[base + k + 1]!;
      this.colHi[c] = s[base + k + 2]!;
    }
    this.extraLo = s[base + 9]!;
    this.extraHi = s[base + 10]!;
    for (let i = 0; i < 4; i++) this.foundations[i] = s[base + 11 + i]!;
    this.key();
  }

  private save(base: number, at: number, c: number): void {
    this.saved[base + at] = c;
    if (c < 0) return;
    this.saved[base + at + 1] = this.colLo[c]!;
    this.saved[base + at + 2] = this.colHi[c]!;
  }

  private countFoundation(suit: number, delta: number): void {
    const before = suit * 3 + this.foundations[suit]!;
    this.foundations[suit] = this.foundations[suit]! + delta;
    const after = suit * 3 + this.foundations[suit]!;
    this.extraLo ^= FOUNDATION_LO[before]! ^ FOUNDATION_LO[after]!;
    this.extraHi ^= FOUNDATION_HI[before]! ^ FOUNDATION_HI[after]!;
  }

  private hashColumn(c: number): void {
    const { cards, stride } = this.board;
    const length = this.board.lengths[c]!;
    const hidden = this.board.hidden[c]!;
    let lo = HIDDEN_LO[hidden]!;
    let hi = HIDDEN_HI[hidden]!;
    for (let row = 0; row < length; row++) {
      const at = (cards[c * stride + row]! % FACES) * ROWS + row;
      lo ^= CARD_LO[at]!;
      hi ^= CARD_HI[at]!;
    }
    this.colLo[c] = lo;
    this.colHi[c] = hi;
  }

  private key(): void {
    const salted = this.board.stockLength() > 0;
    let lo = this.extraLo;
    let hi = this.extraHi;
    for (let c = 0; c < this.colLo.length; c++) {
      const l = this.colLo[c]!;
      const h = this.colHi[c]!;
      if ((l | h) === 0) continue;
      const salt = salted && c < STOCK_COLUMNS ? c + 1 : 0;
      lo = (lo + fmix(l ^ SALT_LO[salt]! ^ Math.imul(h, 0x9e3779b1))) | 0;
      hi = (hi + fmix(h ^ SALT_HI[salt]! ^ Math.imul(l, 0x85ebca77))) | 0;
    }
    this.lo = lo;
    this.hi = hi;
  }
}
