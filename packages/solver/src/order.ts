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
} from '@scorpion/rules';

const STOCK_COLUMNS = 3;
/** Sort keys are `score << 10 | index`: a node never has 1,024 moves. */
const INDEX_BITS = 10;

/**
 * Picks and orders the moves worth searching from the legal ones `generate` wrote into `moves`;
 * writes sort keys into `keys`, best first, and returns how many. `moves[keys[i] & 1023]` is the
 * i-th move to try.
 *
 * Dropped moves are only those that lead to a position of the same class (same `PositionHasher`
 * key) as a move that is kept or as the current position, so dropping them is sound:
 * - A whole column (row 0) moving into an empty column just swaps two columns. Once the stock is
 *   dealt (or when there is none) that is the same position; before the deal it is a different
 *   one only when column 1, 2 or 3 is involved, as those receive the stock.
 * - Empty columns whose place does not matter are interchangeable targets, so a card (or reserve
 *   card, or foundation run) going to an empty column only tries the first of them, plus each
 *   empty column among 1–3 while the stock is undealt.
 *
 * The order only decides how fast a win is found, never the verdict: turning a face-down card,
 * building on a King-rooted run, and emptying a column come first; the deal and the foundation
 * moves come last. `style` varies that for the probes of two decks (solve.ts): its `family`
 * favours other column moves as well (see `PLAIN`, `DIGGING`, `SHORT`), and with a `jitter` each
 * score gets a small pseudo-random addition, so that moves of close scores come in another order.
 *
 * With `skipSwaps`, the one exception: swaps (see `isSwap`) are dropped too, except onto a
 * King-rooted run. That keeps moves whose positions no kept move reaches, so a search in that
 * style that ends without a win proves nothing (search.ts reports it as a node limit); a win it
 * finds is a line of legal moves like any other.
 */
export function orderMoves(
  board: FastBoard,
  moves: Int32Array,
  count: number,
  keys: Int32Array,
  style: OrderStyle = PLAIN_STYLE,
): number {
  const { family, jitter } = style;
  const salted = board.stockLength() > 0;
  const { lengths, hidden } = board;
  let firstFreeEmpty = -1;
  for (let c = salted ? STOCK_COLUMNS : 0; c < board.columnCount; c++) {
    if (lengths[c] === 0) {
      firstFreeEmpty = c;
      break;
    }
  }
  let kept = 0;
  for (let i = 0; i < count; i++) {
    const move = moves[i]!;
    const kind = codeKind(move);
    let score: number;
    if (kind === KIND_MOVE) {
      const from = codeA(move);
      const row = codeB(move);
      const to = codeC(move);
      if (lengths[to] === 0) {
        if (!(salted && to < STOCK_COLUMNS) && to !== firstFreeEmpty) continue;
        if (row === 0 && !(salted && (from < STOCK_COLUMNS || to < STOCK_COLUMNS))) continue;
      }
      if (style.skipSwaps && isSwap(board, from, row, to) && !isKingRootedRun(board, to)) continue;
      score = 10;
      if (row > 0 && row === hidden[from]) score += 50;
      else if (row === 0) score += 30;
      if (family === DIGGING && row > 0 && hidden[from]! > 0) {
        score += 4 * hidden[from]! - Math.min(8, row - hidden[from]!);
      } else if (family === SHORT) {
        score += 3 * Math.max(0, 12 - lengths[from]!);
      }
      if (lengths[to] === 0) score += 5;
      else if (isKingRootedRun(board, to)) score += 40;
    } else if (kind === KIND_DEAL) {
      score = 3;
    } else if (kind === KIND_RESERVE) {
      const to = codeC(move);
      if (lengths[to] === 0 && !(salted && to < STOCK_COLUMNS) && to !== firstFreeEmpty) continue;
      score = isKingRootedRun(board, to) ? 60 : 20;
    } else if (kind === KIND_FOUNDATION) {
      score = 2;
    } else {
      const to = codeC(move);
      if (!(salted && to < STOCK_COLUMNS) && to !== firstFreeEmpty) continue;
      score = 1;
    }
    if (jitter) score = score * JITTER_SCALE + jitter.next();
    keys[kept++] = (score << INDEX_BITS) | i;
  }
  sortDescending(keys, kept);
  return kept;
}

/** The scores above, alone. */
export const PLAIN = 0;
/**
 * Also favours a column move out of a column holding face-down cards, the more of them the more,
 * and the fewer face-up cards stay on them the more: digging out the deepest columns first.
 */
export const DIGGING = 1;
/** Also favours a column move out of a short column: emptying columns first. */
export const SHORT = 2;
/** How many families there are: probes take turns with them. */
export const FAMILIES = 3;

/** How `orderMoves` scores: a family of scores, and a jitter that shuffles close ones. */
export interface OrderStyle {
  readonly family: number;
  readonly jitter?: Jitter | undefined;
  /** Drop swaps (but onto a King-rooted run): a greedy probe for two decks, which proves no loss. */
  readonly skipSwaps?: boolean;
}
const PLAIN_STYLE: OrderStyle = { family: PLAIN };

/** Scores are multiplied by this before a jitter is added. */
const JITTER_SCALE = 4;

/**
 * A deterministic stream of pseudo-random numbers (xorshift32) for `orderMoves`: below 40 for an
 * odd seed (only moves of close scores swap), below 400 for an even one (most moves may swap;
 * a different move then leads early). Each kind finds wins the other misses.
 */
export class Jitter {
  private state: number;
  private readonly spread: number;

  constructor(seed: number) {
    this.state = (Math.imul(seed, 0x9e3779b1) ^ 0x5bd1e995) | 1;
    this.spread = seed % 2 === 1 ? 40 : 400;
  }

  next(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x;
    return (x >>> 0) % this.spread;
  }
}

/**
 * A column move is a *swap* when the moved card already sits on a copy of its successor (face
 * up) and goes onto the other copy: possible only with two decks (with one, a card on its
 * successor has nowhere else to go). It mends no break (the card sat on its successor before and
 * after), so it makes no progress by itself: it only changes which column the group lives in,
 * which a later move may need (to free the first copy for the other copy of the card, or to
 * carry the group along with the other column).
 */
function isSwap(board: FastBoard, from: number, row: number, to: number): boolean {
  const { cards, stride, lengths, hidden } = board;
  if (row <= hidden[from]! || lengths[to] === 0) return false;
  return cards[from * stride + row - 1]! % 52 === cards[to * stride + lengths[to]! - 1]! % 52;
}

/** Column `c` is a face-up King at the bottom with cards going down by one in its suit on top. */
function isKingRootedRun(board: FastBoard, c: number): boolean {
  const { cards, stride, lengths, hidden } = board;
  if (hidden[c] !== 0) return false;
  const base = c * stride;
  const bottom = cards[base]! % 52;
  if (bottom % 13 !== 12) return false;
  for (let row = 1; row < lengths[c]!; row++) {
    if (cards[base + row]! % 52 !== bottom - row) return false;
  }
  return true;
}

/** Insertion sort, best first; ties go by index, so the order is deterministic. */
function sortDescending(keys: Int32Array, count: number): void {
  for (let i = 1; i < count; i++) {
    const key = keys[i]!;
    let j = i - 1;
    while (j >= 0 && keys[j]! < key) {
      keys[j + 1] = keys[j]!;
      j--;
    }
    keys[j + 1] = key;
  }
}
