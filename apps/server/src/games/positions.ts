import {
  type Card,
  FastBoard,
  type GameState,
  type Move,
  type Options,
  VARIANTS,
  type VariantId,
} from '@scorpion/rules';

const EMPTY: readonly Card[] = [];
const NO_RUNS: readonly (readonly Card[])[] = [];

/**
 * A game's positions, packed one after another into one growing byte buffer: per column its
 * length, its face-down count and its cards, then the stock, the reserve and the foundations,
 * each with its length first. A card is at most 103 and no list is longer than 104, so a byte
 * holds each.
 *
 * Why bytes and not the rules' objects: a live game keeps every position for undo and redo, and
 * under load each one lived long enough to be copied into the old generation (a new state, its
 * column list, its changed columns and face-down counts: a few hundred bytes a move). The
 * buffer's bytes are outside V8's heap; a position is decoded, as a fresh object that dies
 * young, when asked for.
 */
export class Positions {
  private bytes = new Uint8Array(512);
  /** `starts[i]` is where position `i` begins; `starts[count]` is where the next one goes. */
  private starts = new Uint32Array(64);
  /** `moves[i]` (a `FastBoard` code) led to position `i` from the one before; none to the deal's. */
  private moves = new Int32Array(64);
  private count = 0;

  private readonly variant: VariantId;
  private readonly options: Options;
  private readonly columnCount: number;

  constructor(variant: VariantId, options: Options) {
    this.variant = variant;
    this.options = options;
    this.columnCount = VARIANTS[variant].columns.length;
  }

  get length(): number {
    return this.count;
  }

  /**
   * Adds the position `move` (a `FastBoard` code) led to from the one before `index` (the last
   * unless told), dropping every position from `index` on: a move drops what could have been
   * redone, in the same call. The deal's position has no move.
   */
  push(state: GameState, move = -1, index = this.count): void {
    if (index < 0 || index > this.count) throw new RangeError(`no position ${index} of ${this.count} to put`);
    this.count = index;
    let size = 4;
    for (const column of state.columns) size += 2 + column.length;
    size += state.stock.length + state.reserve.length;
    for (const run of state.foundations) size += 1 + run.length;
    let at = this.starts[this.count]!;
    this.reserve(at + size);
    const b = this.bytes;
    const columns = state.columns;
    for (let c = 0; c < columns.length; c++) {
      const column = columns[c]!;
      b[at++] = column.length;
      b[at++] = state.hidden[c]!;
      for (let i = 0; i < column.length; i++) b[at++] = column[i]!;
    }
    at = this.putList(at, state.stock);
    at = this.putList(at, state.reserve);
    b[at++] = state.foundations.length;
    for (const run of state.foundations) at = this.putList(at, run);
    if (this.count + 2 > this.starts.length) {
      const starts = new Uint32Array(this.starts.length * 2);
      starts.set(this.starts);
      this.starts = starts;
      const moves = new Int32Array(this.starts.length);
      moves.set(this.moves);
      this.moves = moves;
    }
    this.moves[this.count] = move;
    this.count++;
    this.starts[this.count] = at;
  }

  /** Position `index`, as the rules' immutable state (fresh arrays: nothing is shared). */
  at(index: number): GameState {
    if (index < 0 || index >= this.count) throw new RangeError(`no position ${index} of ${this.count}`);
    const b = this.bytes;
    let at = this.starts[index]!;
    const columnCount = this.columnCount;
    const columns: Card[][] = new Array<Card[]>(columnCount);
    const hidden: number[] = new Array<number>(columnCount);
    for (let c = 0; c < columnCount; c++) {
      const length = b[at++]!;
      hidden[c] = b[at++]!;
      const column = new Array<Card>(length);
      for (let i = 0; i < length; i++) column[i] = b[at++]!;
      columns[c] = column;
    }
    const stock = this.list(at);
    at += 1 + stock.length;
    const reserve = this.list(at);
    at += 1 + reserve.length;
    const runs = b[at++]!;
    let foundations = NO_RUNS;
    if (runs > 0) {
      const list: (readonly Card[])[] = [];
      for (let f = 0; f < runs; f++) {
        const run = this.list(at);
        at += 1 + run.length;
        list.push(run);
      }
      foundations = list;
    }
    return { variant: this.variant, options: this.options, columns, hidden, stock, reserve, foundations };
  }

  /** The moves that led from the deal to position `index`. */
  movesTo(index: number): Move[] {
    const moves: Move[] = [];
    for (let i = 1; i <= index; i++) moves.push(FastBoard.decode(this.moves[i]!));
    return moves;
  }

  /**
   * Position `index` decoded into `scratch`'s arrays, which the previous call filled: no
   * allocation once they have grown to the game's sizes. The state returned is `scratch.state`
   * itself, valid until the next `into` on the same scratch: for a move's try, whose result the
   * rules build on it (sharing its unchanged arrays) and which is packed by `push` before the
   * game's next action. A fresh object per try was a kilobyte of garbage per move.
   */
  into(index: number, scratch: ScratchPosition): GameState {
    if (index < 0 || index >= this.count) throw new RangeError(`no position ${index} of ${this.count}`);
    const b = this.bytes;
    let at = this.starts[index]!;
    const { columns, hidden } = scratch;
    for (let c = 0; c < this.columnCount; c++) {
      const length = b[at++]!;
      hidden[c] = b[at++]!;
      at = fill(columns[c]!, b, at, length);
    }
    at = fill(scratch.stock, b, at + 1, b[at]!);
    at = fill(scratch.reserve, b, at + 1, b[at]!);
    const runs = b[at++]!;
    const foundations = scratch.foundations;
    while (foundations.length < runs) foundations.push([]);
    foundations.length = runs;
    for (let f = 0; f < runs; f++) at = fill(foundations[f]!, b, at + 1, b[at]!);
    return scratch.state;
  }

  private putList(at: number, cards: readonly Card[]): number {
    const b = this.bytes;
    b[at++] = cards.length;
    for (let i = 0; i < cards.length; i++) b[at++] = cards[i]!;
    return at;
  }

  private list(at: number): readonly Card[] {
    const length = this.bytes[at]!;
    if (length === 0) return EMPTY;
    const cards = new Array<Card>(length);
    for (let i = 0; i < length; i++) cards[i] = this.bytes[at + 1 + i]!;
    return cards;
  }

  private reserve(size: number): void {
    if (size <= this.bytes.length) return;
    let capacity = this.bytes.length * 2;
    while (capacity < size) capacity *= 2;
    const bytes = new Uint8Array(capacity);
    bytes.set(this.bytes.subarray(0, this.starts[this.count]));
    this.bytes = bytes;
  }
}

/** Copies `length` cards from `bytes` at `at` into `cards` (resized to them); returns the offset after them. */
function fill(cards: Card[], bytes: Uint8Array, at: number, length: number): number {
  if (cards.length !== length) cards.length = length;
  for (let i = 0; i < length; i++) cards[i] = bytes[at + i]!;
  return at + length;
}

/**
 * A game's own arrays for `Positions.into`: one state object whose arrays are refilled in
 * place. It lives as long as its game, so it is copied to the old generation once, not per move.
 */
export class ScratchPosition {
  readonly columns: Card[][];
  readonly hidden: number[];
  readonly stock: Card[] = [];
  readonly reserve: Card[] = [];
  readonly foundations: Card[][] = [];
  readonly state: GameState;

  constructor(variant: VariantId, options: Options) {
    const count = VARIANTS[variant].columns.length;
    this.columns = Array.from({ length: count }, () => []);
    this.hidden = new Array<number>(count).fill(0);
    const { columns, hidden, stock, reserve, foundations } = this;
    this.state = { variant, options, columns, hidden, stock, reserve, foundations };
  }
}
