import { FACES, type FastBoard, type GameState } from '@scorpion/rules';
import {
  fieldA,
  fieldB,
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
/** `FACE_ROWS[card]`: where a card's face starts in the `CARD_*` tables. */
const FACE_ROWS = Int32Array.from({ length: 2 * FACES }, (_, card) => (card % FACES) * ROWS);
/**
 * Saved per play: three (column, raw lo, raw hi, mixed lo, mixed hi), the sum halves, then the
 * extra halves and foundation counts, which a column move (`TWO_COLUMNS`) leaves alone and skips.
 */
const TRIPLE = 5;
const SUM = 3 * TRIPLE;
const SHAPE = SUM + 2;
const EXTRA = SHAPE + 1;
const RECORD = EXTRA + 2 + 4;
const TWO_COLUMNS = 0;
const ANY = 1;
/**
 * A peeked move: the key after it, then for a column move the new raw codes of its source and
 * target (lo, hi each). Their finalised codes are not kept (a Wasp search can hold a million
 * peeked moves): `play` finalises the source again and gets the target's from the key.
 */
const PEEK = 6;
const KEY_LO = 0;
const KEY_HI = 1;
const RAW_FROM = 2;
const RAW_TO = 4;

/** A column's finalised code from its raw one and its salt code (`SALT_*`); an empty column counts 0. */
function finalLo(lo: number, hi: number, salt: number): number {
  return (lo | hi) === 0 ? 0 : fmix(lo ^ salt ^ Math.imul(hi, 0x9e3779b1));
}

function finalHi(lo: number, hi: number, salt: number): number {
  return (lo | hi) === 0 ? 0 : fmix(hi ^ salt ^ Math.imul(lo, 0x85ebca77));
}

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
 * Each column's raw code is its cards by (face, row) and its face-down count; it is finalised
 * non-linearly (with its salt) so that cards cannot trade columns unnoticed, and the finalised
 * codes are added, not XOR-ed (two Double Scorpion columns can hold the same faces and must not
 * cancel out). Everything is updated incrementally: a play touches at most three columns.
 */
export class PositionHasher {
  readonly board: FastBoard;
  lo = 0;
  hi = 0;
  /** The code tables peek reads, held as fields: V8 then knows their kind and skips re-checking it per read. */
  private readonly cardLo = CARD_LO;
  private readonly cardHi = CARD_HI;
  private readonly faceRows = FACE_ROWS;
  private readonly hiddenLo = HIDDEN_LO;
  private readonly hiddenHi = HIDDEN_HI;
  private readonly saltLo = SALT_LO;
  private readonly saltHi = SALT_HI;
  private readonly rawLo: Int32Array;
  private readonly rawHi: Int32Array;
  private readonly mixLo: Int32Array;
  private readonly mixHi: Int32Array;
  private sumLo = 0;
  private sumHi = 0;
  private extraLo = 0;
  private extraHi = 0;
  private readonly foundations = new Int8Array(4);
  private saved = new Int32Array(RECORD * 256);
  private depth = 0;
  /** What `peek` worked out, `PEEK` words per slot (slot 0 is `play`'s own). */
  private peeked = new Int32Array(PEEK * 4096);

  constructor(board: FastBoard, state: GameState) {
    this.board = board;
    this.rawLo = new Int32Array(board.columnCount);
    this.rawHi = new Int32Array(board.columnCount);
    this.mixLo = new Int32Array(board.columnCount);
    this.mixHi = new Int32Array(board.columnCount);
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

  /**
   * Plays `move` (legal, as `FastBoard.generate` writes it) on the board and updates the key.
   * With the `slot` it was peeked under (the position unchanged since), reuses that work.
   */
  play(move: number, slot = -1): void {
    const board = this.board;
    if (this.saved.length < (this.depth + 1) * RECORD) {
      const grown = new Int32Array(this.saved.length * 2);
      grown.set(this.saved);
      this.saved = grown;
    }
    const base = this.depth * RECORD;
    const s = this.saved;
    s[base + SUM] = this.sumLo;
    s[base + SUM + 1] = this.sumHi;
    this.depth++;
    const kind = kindOf(move);
    const a = fieldA(move);
    const c = fieldC(move);
    if (kind === KIND_MOVE) {
      s[base + SHAPE] = TWO_COLUMNS;
      this.save(base, 0, a);
      this.save(base, TRIPLE, c);
      if (slot < 0) this.peekColumnMove(move, 0);
      this.playColumnMove(move, slot < 0 ? 0 : (slot + 1) * PEEK);
      return;
    }
    s[base + SHAPE] = ANY;
    s[base + EXTRA] = this.extraLo;
    s[base + EXTRA + 1] = this.extraHi;
    for (let i = 0; i < 4; i++) s[base + EXTRA + 2 + i] = this.foundations[i]!;
    let first = c;
    let second = -1;
    let third = -1;
    if (kind === KIND_DEAL) {
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
    this.save(base, TRIPLE, second);
    this.save(base, 2 * TRIPLE, third);
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
    this.key();
  }

  /** Takes back the last play on the board and restores the key. */
  undo(): void {
    this.board.undo();
    this.depth--;
    const base = this.depth * RECORD;
    const s = this.saved;
    this.restore(base, 0);
    this.restore(base, TRIPLE);
    if (s[base + SHAPE] === ANY) {
      this.restore(base, 2 * TRIPLE);
      this.extraLo = s[base + EXTRA]!;
      this.extraHi = s[base + EXTRA + 1]!;
      for (let i = 0; i < 4; i++) this.foundations[i] = s[base + EXTRA + 2 + i]!;
    }
    this.sumLo = s[base + SUM]!;
    this.sumHi = s[base + SUM + 1]!;
    this.key();
  }

  /**
   * Works out what `play(move)` would do, without playing it, and remembers it under `slot` (any
   * number from 0 up): the search probes the table with the key first (`peekedLo`, `peekedHi`),
   * and plays only moves into new positions, with `play(move, slot)`. Column moves, nearly all of
   * them, are worked out by arithmetic; the others are played and taken back.
   */
  peek(move: number, slot: number): void {
    const at = (slot + 1) * PEEK;
    if (this.peeked.length < at + PEEK) {
      const grown = new Int32Array(Math.max(at + PEEK, this.peeked.length * 2));
      grown.set(this.peeked);
      this.peeked = grown;
    }
    if (kindOf(move) === KIND_MOVE) {
      this.peekColumnMove(move, at);
      return;
    }
    this.play(move);
    this.peeked[at + KEY_LO] = this.lo;
    this.peeked[at + KEY_HI] = this.hi;
    this.undo();
  }

  /** The key after the move peeked under `slot`. */
  peekedLo(slot: number): number {
    return this.peeked[(slot + 1) * PEEK + KEY_LO]!;
  }

  peekedHi(slot: number): number {
    return this.peeked[(slot + 1) * PEEK + KEY_HI]!;
  }

  /**
   * A column move changes only the moved cards' places and maybe a face-down count: XOR those in
   * and out of the two columns' raw codes, finalise both, and swap them in the sums.
   */
  private peekColumnMove(move: number, at: number): void {
    const { cards, stride, lengths, hidden } = this.board;
    const { cardLo, cardHi, faceRows } = this;
    const from = fieldA(move);
    const row = fieldB(move);
    const to = fieldC(move);
    const shift = lengths[to]! - row;
    const before = hidden[from]!;
    const after = row > 0 && before >= row ? row - 1 : before;
    const { hiddenLo, hiddenHi, saltLo, saltHi } = this;
    let fromLo = this.rawLo[from]! ^ hiddenLo[before]! ^ hiddenLo[after]!;
    let fromHi = this.rawHi[from]! ^ hiddenHi[before]! ^ hiddenHi[after]!;
    let toLo = this.rawLo[to]!;
    let toHi = this.rawHi[to]!;
    const base = from * stride;
    const end = lengths[from]!;
    for (let r = row; r < end; r++) {
      const card = faceRows[cards[base + r]!]! + r;
      fromLo ^= cardLo[card]!;
      fromHi ^= cardHi[card]!;
      toLo ^= cardLo[card + shift]!;
      toHi ^= cardHi[card + shift]!;
    }
    const fromSalt = this.saltOf(from);
    const toSalt = this.saltOf(to);
    const mixFromLo = finalLo(fromLo, fromHi, saltLo[fromSalt]!);
    const mixFromHi = finalHi(fromLo, fromHi, saltHi[fromSalt]!);
    const mixToLo = finalLo(toLo, toHi, saltLo[toSalt]!);
    const mixToHi = finalHi(toLo, toHi, saltHi[toSalt]!);
    const p = this.peeked;
    p[at + KEY_LO] = ((this.sumLo - this.mixLo[from]! - this.mixLo[to]! + mixFromLo + mixToLo) | 0) ^ this.extraLo;
    p[at + KEY_HI] = ((this.sumHi - this.mixHi[from]! - this.mixHi[to]! + mixFromHi + mixToHi) | 0) ^ this.extraHi;
    p[at + RAW_FROM] = fromLo;
    p[at + RAW_FROM + 1] = fromHi;
    p[at + RAW_TO] = toLo;
    p[at + RAW_TO + 1] = toHi;
  }

  /** Plays a column move with the codes `peekColumnMove` left at `at`. */
  private playColumnMove(move: number, at: number): void {
    const p = this.peeked;
    const from = fieldA(move);
    const to = fieldC(move);
    this.board.play(move);
    const fromLo = p[at + RAW_FROM]!;
    const fromHi = p[at + RAW_FROM + 1]!;
    const salt = this.saltOf(from);
    const mixFromLo = finalLo(fromLo, fromHi, this.saltLo[salt]!);
    const mixFromHi = finalHi(fromLo, fromHi, this.saltHi[salt]!);
    this.lo = p[at + KEY_LO]!;
    this.hi = p[at + KEY_HI]!;
    const sumLo = this.lo ^ this.extraLo;
    const sumHi = this.hi ^ this.extraHi;
    // The sums gained both new finalised codes and lost both old ones: what is left is the target's.
    const mixToLo = (sumLo - this.sumLo + this.mixLo[from]! + this.mixLo[to]! - mixFromLo) | 0;
    const mixToHi = (sumHi - this.sumHi + this.mixHi[from]! + this.mixHi[to]! - mixFromHi) | 0;
    this.rawLo[from] = fromLo;
    this.rawHi[from] = fromHi;
    this.rawLo[to] = p[at + RAW_TO]!;
    this.rawHi[to] = p[at + RAW_TO + 1]!;
    this.mixLo[from] = mixFromLo;
    this.mixHi[from] = mixFromHi;
    this.mixLo[to] = mixToLo;
    this.mixHi[to] = mixToHi;
    this.sumLo = sumLo;
    this.sumHi = sumHi;
  }

  private save(base: number, at: number, c: number): void {
    const s = this.saved;
    s[base + at] = c;
    if (c < 0) return;
    s[base + at + 1] = this.rawLo[c]!;
    s[base + at + 2] = this.rawHi[c]!;
    s[base + at + 3] = this.mixLo[c]!;
    s[base + at + 4] = this.mixHi[c]!;
  }

  private restore(base: number, at: number): void {
    const s = this.saved;
    const c = s[base + at]!;
    if (c < 0) return;
    this.rawLo[c] = s[base + at + 1]!;
    this.rawHi[c] = s[base + at + 2]!;
    this.mixLo[c] = s[base + at + 3]!;
    this.mixHi[c] = s[base + at + 4]!;
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
      const at = FACE_ROWS[cards[c * stride + row]!]! + row;
      lo ^= CARD_LO[at]!;
      hi ^= CARD_HI[at]!;
    }
    this.setColumn(c, lo, hi);
  }

  /** Stores a column's raw code and swaps its finalised code in the sums. */
  private setColumn(c: number, lo: number, hi: number): void {
    this.rawLo[c] = lo;
    this.rawHi[c] = hi;
    const salt = this.saltOf(c);
    const mixedLo = finalLo(lo, hi, SALT_LO[salt]!);
    const mixedHi = finalHi(lo, hi, SALT_HI[salt]!);
    this.sumLo = (this.sumLo - this.mixLo[c]! + mixedLo) | 0;
    this.sumHi = (this.sumHi - this.mixHi[c]! + mixedHi) | 0;
    this.mixLo[c] = mixedLo;
    this.mixHi[c] = mixedHi;
  }

  private saltOf(c: number): number {
    return c < STOCK_COLUMNS && this.board.stockLength() > 0 ? c + 1 : 0;
  }

  private key(): void {
    this.lo = this.sumLo ^ this.extraLo;
    this.hi = this.sumHi ^ this.extraHi;
  }
}
