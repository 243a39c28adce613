import {
  codeA,
  codeB,
  codeC,
  codeKind,
  type FastBoard,
  KIND_DEAL,
  KIND_FOUNDATION,
  KIND_MOVE,
  KIND_RESERVE,
  KIND_UNFOUNDATION,
} from '@scorpion/rules';

export const NOWHERE = -1;
const STOCK_COLUMNS = 3;
/** A place is `column * ROWS + row`; a column holds fewer than 128 cards. */
const ROWS = 128;

/**
 * Where each card of a board lies (column and row), kept up to date as the search plays
 * and takes back moves, so the frozen-card check can look a card up instead of scanning the
 * columns. An entry counts only while the board still holds that very card there: cards that
 * leave the columns (to the stock, the reserve or a foundation) need no bookkeeping, and every
 * card put into a column is written again (`played`, `undone`).
 */
export class CardPlaces {
  private readonly board: FastBoard;
  private readonly places: Int16Array;

  constructor(board: FastBoard) {
    this.board = board;
    this.places = new Int16Array(board.stride).fill(NOWHERE);
    for (let c = 0; c < board.columnCount; c++) this.refresh(c, 0);
  }

  /** `column * 128 + row` of `card`, or `NOWHERE` when it is in the stock, the reserve or a foundation. */
  of(card: number): number {
    const place = this.places[card]!;
    if (place === NOWHERE) return NOWHERE;
    const { cards, stride, lengths } = this.board;
    const c = place >> 7;
    const r = place & (ROWS - 1);
    return r < lengths[c]! && cards[c * stride + r] === card ? place : NOWHERE;
  }

  /** Call right after the board played `move`; `landing` is the length of its target column before. */
  played(move: number, landing: number): void {
    const kind = codeKind(move);
    const to = codeC(move);
    if (kind === KIND_MOVE) this.refresh(to, landing);
    else if (kind === KIND_DEAL) {
      for (let c = 0; c < Math.min(STOCK_COLUMNS, this.board.columnCount); c++) this.refresh(c, 0);
    } else if (kind === KIND_RESERVE) this.refresh(to, this.board.lengths[to]! - 1);
    else if (kind === KIND_UNFOUNDATION) this.refresh(to, 0);
  }

  /** Call right after the board took `move` back. */
  undone(move: number): void {
    const kind = codeKind(move);
    if (kind === KIND_MOVE) this.refresh(codeA(move), codeB(move));
    else if (kind === KIND_FOUNDATION) this.refresh(codeA(move), 0);
  }

  private refresh(c: number, from: number): void {
    const { cards, stride, lengths } = this.board;
    const { places } = this;
    const base = c * stride;
    const end = lengths[c]!;
    for (let r = from; r < end; r++) places[cards[base + r]!] = c * ROWS + r;
  }
}

/** The column of a place given by `CardPlaces.of`. */
export function columnOf(place: number): number {
  return place >> 7;
}

/** The row of a place given by `CardPlaces.of`. */
export function rowOf(place: number): number {
  return place & (ROWS - 1);
}
