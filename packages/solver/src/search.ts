import { codeA, codeC, codeKind, FastBoard, type GameState, KIND_MOVE, type Move, VARIANTS } from '@scorpion/rules';
import { FrozenCheck } from './frozen.ts';
import { PositionHasher } from './hasher.ts';
import { FAMILIES, Jitter, type OrderStyle, orderMoves } from './order.ts';
import { findFoundationMove, findSafeBuild } from './safe.ts';
import { findHeldBack, StuckCheck } from './stuck.ts';
import { FULL, type TranspositionTable } from './table.ts';

const MAX_MOVES = 1024;
/** How often (in nodes) the clock is read: reading it costs more than a node. */
const CLOCK_EVERY = 1023;

/**
 * The cards held back by their twin (stuck.ts) for each root searched: the probes of one deal
 * share its state, and finding them costs about as much as a few hundred nodes.
 */
const heldBack = new WeakMap<GameState, Uint8Array>();

function heldBackOf(state: GameState, board: FastBoard): Uint8Array {
  let held = heldBack.get(state);
  if (!held) {
    held = findHeldBack(board);
    heldBack.set(state, held);
  }
  return held;
}

/** Stands for the move into the root, which has none. */
const ROOT = -1;

const RUNNING = 0;
const NODE_LIMIT = 1;
const TIME_LIMIT = 2;

export type SearchOutcome =
  | { readonly kind: 'win'; readonly line: Move[] }
  | { readonly kind: 'loss' }
  | { readonly kind: 'node-limit' | 'time-limit' };

function grow(array: Int32Array<ArrayBuffer>, size: number): Int32Array<ArrayBuffer> {
  if (array.length >= size) return array;
  const grown = new Int32Array(Math.max(size, array.length * 2));
  grown.set(array);
  return grown;
}

/**
 * Depth-first search for a winning line on a `FastBoard`, with every position entered into the
 * transposition table (see table.ts for why skipping entered positions is sound). Without a
 * limit hit, the search visits every position class reachable from the root, so "no win found"
 * is a proof of loss.
 *
 * The search is iterative, with its own stacks in typed arrays: lines can be thousands of moves
 * deep (in Wasp, cards can wander between empty columns for a long time without repeating a
 * position), far deeper than the call stack allows. Per depth d, the moves still to try are
 * `stack[next[d]] … stack[end[d] - 1]`, best first.
 */
class Search {
  readonly table: TranspositionTable;
  readonly nodeLimit: number;
  readonly deadline: number;
  readonly board: FastBoard;
  readonly hasher: PositionHasher;
  /** Only where an empty column takes a King alone: stuck.ts for two decks, frozen.ts for one. */
  readonly stuck: StuckCheck | undefined;
  readonly frozen: FrozenCheck | undefined;
  /**
   * Single deck, King-only empty columns: safe builds apply (before the deal, only among columns 4
   * and up; see safe.ts).
   */
  readonly safeBuilds: boolean;
  /** How moves are ordered: plain for `order` 0, another family or shuffle for a probe (see order.ts). */
  readonly style: OrderStyle;
  /** Where safe builds apply and complete runs may go to their foundation (see safe.ts). */
  readonly foundations: boolean;
  nodes = 0;
  status = RUNNING;
  /** A bucket overflowed: a position went unsearched, so a failed search proves nothing. */
  incomplete = false;
  readonly scratch = new Int32Array(MAX_MOVES);
  readonly keys = new Int32Array(MAX_MOVES);
  /** The moves to try; the hasher remembers what each leads to under its index here. */
  stack = new Int32Array(4096);
  /** Folds in the table words `expand` reads ahead, so that the reads are not optimised away. */
  sink = 0;
  next = new Int32Array(256);
  end = new Int32Array(256);
  /** The move played at each depth, its table slot, and the node count when it was played. */
  path = new Int32Array(256);
  slot = new Int32Array(256);
  before = new Int32Array(256);

  constructor(
    state: GameState,
    table: TranspositionTable,
    nodeLimit: number,
    deadline: number,
    order: number,
    skipSwaps: boolean,
  ) {
    this.table = table;
    const shuffle = Math.floor(order / FAMILIES);
    this.style = { family: order % FAMILIES, jitter: shuffle > 0 ? new Jitter(shuffle) : undefined, skipSwaps };
    this.nodeLimit = nodeLimit;
    this.deadline = deadline;
    this.board = FastBoard.fromState(state);
    this.hasher = new PositionHasher(this.board, state);
    const kingOnly = VARIANTS[state.variant].emptyColumn === 'king';
    this.safeBuilds = kingOnly && VARIANTS[state.variant].decks === 1;
    this.foundations = this.safeBuilds && state.options.foundations;
    this.stuck = kingOnly && !this.safeBuilds ? new StuckCheck(this.board, heldBackOf(state, this.board)) : undefined;
    this.frozen = this.safeBuilds ? new FrozenCheck(this.board, state.options.foundations, state.reserve) : undefined;
  }

  growTo(depth: number): void {
    if (this.next.length > depth) return;
    this.next = grow(this.next, depth + 1);
    this.end = grow(this.end, depth + 1);
    this.path = grow(this.path, depth + 1);
    this.slot = grow(this.slot, depth + 1);
    this.before = grow(this.before, depth + 1);
  }
}

/**
 * Pushes the moves worth trying at `depth` onto the stack; returns true when the position is won.
 * `move` led here (`ROOT` at the root) and landed at row `landing` of its target; `turned`: it
 * turned a face-down card over. The two-deck check (stuck.ts) looks at every position it expands;
 * the one-deck frozen-card check, every expanded position having passed it, looks after a column
 * move only at the cards that move can affect (see `FrozenCheck.isDeadAfter`).
 */
function expand(s: Search, depth: number, move: number, landing: number, turned: boolean): boolean {
  s.growTo(depth);
  const base = depth === 0 ? 0 : s.end[depth - 1]!;
  s.next[depth] = base;
  s.end[depth] = base;
  if (s.stuck?.isDead()) return false;
  const frozen = s.frozen;
  if (frozen) {
    const columnMove = move !== ROOT && codeKind(move) === KIND_MOVE;
    if (columnMove ? frozen.isDeadAfter(move, landing, turned) : frozen.isDead()) return false;
  }
  const count = s.board.generate(s.scratch);
  if (count === 0) return s.board.isWon();
  const dealt = s.board.stockLength() === 0;
  let safe = s.foundations && dealt ? findFoundationMove(s.scratch, count) : -1;
  if (safe < 0 && s.safeBuilds) safe = findSafeBuild(s.board, s.scratch, count, dealt);
  if (safe >= 0) {
    s.stack = grow(s.stack, base + 1);
    s.stack[base] = s.scratch[safe]!;
    s.end[depth] = base + 1;
  } else {
    const kept = orderMoves(s.board, s.scratch, count, s.keys, s.style);
    s.stack = grow(s.stack, base + kept);
    for (let i = 0; i < kept; i++) s.stack[base + i] = s.scratch[s.keys[i]! & (MAX_MOVES - 1)]!;
    s.end[depth] = base + kept;
  }
  readAhead(s, base, s.end[depth]!);
  return false;
}

/**
 * Peeks the moves `stack[from … to - 1]` (each under its index) and reads the table buckets of
 * the positions they lead to: one bucket is a cache miss (the table is far larger than the
 * caches), and reading them all at once lets the misses overlap instead of coming one per node.
 */
function readAhead(s: Search, from: number, to: number): void {
  const { hasher, table, stack } = s;
  for (let i = from; i < to; i++) hasher.peek(stack[i]!, i);
  let sink = s.sink;
  for (let i = from; i < to; i++) sink ^= table.bucketWord(hasher.peekedHi(i));
  s.sink = sink;
}

/** Returns the depth of the won position (the line is `path[0 … depth - 1]`), or -1. */
function run(s: Search): number {
  if (expand(s, 0, ROOT, 0, true)) return 0;
  const { board, hasher, table } = s;
  const places = s.frozen?.places ?? s.stuck?.places;
  let depth = 0;
  for (;;) {
    if (s.next[depth]! === s.end[depth]!) {
      if (depth === 0) return -1;
      depth--;
      table.leave(s.slot[depth]!, s.nodes - s.before[depth]!);
      hasher.undo();
      places?.undone(s.path[depth]!);
      continue;
    }
    if (s.nodes >= s.nodeLimit) {
      s.status = NODE_LIMIT;
      return -1;
    }
    if ((s.nodes & CLOCK_EVERY) === 0 && performance.now() >= s.deadline) {
      s.status = TIME_LIMIT;
      return -1;
    }
    const at = s.next[depth]!;
    s.next[depth] = at + 1;
    s.nodes++;
    const slot = table.enter(hasher.peekedLo(at), hasher.peekedHi(at));
    if (slot < 0) {
      if (slot === FULL) s.incomplete = true;
      continue;
    }
    const move = s.stack[at]!;
    const from = codeA(move);
    const hiddenBefore = codeKind(move) === KIND_MOVE ? board.hidden[from]! : 0;
    const landing = board.lengths[codeC(move)]!;
    hasher.play(move, at);
    s.path[depth] = move;
    s.slot[depth] = slot;
    s.before[depth] = s.nodes;
    depth++;
    places?.played(move, landing);
    if (expand(s, depth, move, landing, hiddenBefore > 0 && board.hidden[from]! < hiddenBefore)) return depth;
  }
}

/**
 * Searches `state` (a full state: face-down cards known) within the limits. `order` 0 is the
 * plain move order; any other number another one: the families of order.ts take turns, each
 * plain, then shuffled another way each time round (the verdict is the same, the time to a win
 * is not). `skipSwaps` (two decks): a greedy search that leaves out swaps (see order.ts), so it
 * may find a win but never proves a loss: having found none, it reports a node limit.
 */
export function search(
  state: GameState,
  table: TranspositionTable,
  nodeLimit: number,
  deadline: number,
  order = 0,
  skipSwaps = false,
): { outcome: SearchOutcome; nodes: number } {
  const s = new Search(state, table, nodeLimit, deadline, order, skipSwaps);
  table.clear();
  table.enter(s.hasher.lo, s.hasher.hi);
  const wonAt = run(s);
  const nodes = s.nodes;
  if (wonAt >= 0) {
    return { outcome: { kind: 'win', line: Array.from(s.path.subarray(0, wonAt), FastBoard.decode) }, nodes };
  }
  if (s.status === TIME_LIMIT) return { outcome: { kind: 'time-limit' }, nodes };
  if (s.status === NODE_LIMIT || s.incomplete || skipSwaps) return { outcome: { kind: 'node-limit' }, nodes };
  return { outcome: { kind: 'loss' }, nodes };
}
