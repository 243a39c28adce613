import { FastBoard, type GameState, type Move, VARIANTS } from '@scorpion/rules';
import { fieldA, KIND_MOVE, kindOf } from './codes.ts';
import { DeadlockCheck } from './dead.ts';
import { PositionHasher } from './hasher.ts';
import { orderMoves } from './order.ts';
import { FULL, type TranspositionTable } from './table.ts';

const MAX_MOVES = 1024;
/** How often (in nodes) the clock is read: reading it costs more than a node. */
const CLOCK_EVERY = 1023;

const RUNNING = 0;
const WON = 1;
const NODE_LIMIT = 2;
const TIME_LIMIT = 3;

export type SearchOutcome =
  | { readonly kind: 'win'; readonly line: Move[] }
  | { readonly kind: 'loss' }
  | { readonly kind: 'node-limit' | 'time-limit' };

/**
 * Depth-first search for a winning line on a `FastBoard`, with every position entered into the
 * transposition table (see table.ts for why skipping entered positions is sound). Without a
 * limit hit, the search visits every position class reachable from the root, so "no win found"
 * is a proof of loss. The state of one search lives here; the recursion is a module function
 * (no closures in the hot loop).
 */
class Search {
  readonly board: FastBoard;
  readonly hasher: PositionHasher;
  /** Only where an empty column takes a King alone (see dead.ts). */
  readonly deadlock: DeadlockCheck | undefined;
  nodes = 0;
  status = RUNNING;
  /** A bucket overflowed: a position went unsearched, so a failed search proves nothing. */
  incomplete = false;
  lineLength = 0;
  path = new Int32Array(1024);
  readonly moves: Int32Array[] = [];
  readonly keys: Int32Array[] = [];

  constructor(
    state: GameState,
    readonly table: TranspositionTable,
    readonly nodeLimit: number,
    readonly deadline: number,
  ) {
    this.board = FastBoard.fromState(state);
    this.hasher = new PositionHasher(this.board, state);
    this.deadlock = VARIANTS[state.variant].emptyColumn === 'king' ? new DeadlockCheck(this.board) : undefined;
  }

  buffersAt(depth: number): void {
    while (this.moves.length <= depth) {
      this.moves.push(new Int32Array(MAX_MOVES));
      this.keys.push(new Int32Array(MAX_MOVES));
    }
    if (this.path.length <= depth) {
      const grown = new Int32Array(this.path.length * 2);
      grown.set(this.path);
      this.path = grown;
    }
  }
}

/**
 * `turned`: the move into this position turned a face-down card over. The deadlock check only
 * looks at the lowest face-up card of each column, which nothing else changes, so a position
 * reached without a turn is dead only if its parent was (and the parent was not searched then).
 */
function dfs(s: Search, depth: number, turned: boolean): boolean {
  s.buffersAt(depth);
  const moves = s.moves[depth]!;
  const keys = s.keys[depth]!;
  if (turned && s.deadlock?.isDead()) return false;
  const count = s.board.generate(moves);
  if (count === 0) {
    if (!s.board.isWon()) return false;
    s.lineLength = depth;
    s.status = WON;
    return true;
  }
  const kept = orderMoves(s.board, moves, count, keys);
  const hasher = s.hasher;
  for (let i = 0; i < kept; i++) {
    if (s.nodes >= s.nodeLimit) {
      s.status = NODE_LIMIT;
      return false;
    }
    if ((s.nodes & CLOCK_EVERY) === 0 && performance.now() >= s.deadline) {
      s.status = TIME_LIMIT;
      return false;
    }
    const move = moves[keys[i]! & (MAX_MOVES - 1)]!;
    const from = fieldA(move);
    const hiddenBefore = kindOf(move) === KIND_MOVE ? s.board.hidden[from]! : 0;
    hasher.play(move);
    s.nodes++;
    const slot = s.table.enter(hasher.lo, hasher.hi);
    if (slot >= 0) {
      const before = s.nodes;
      s.path[depth] = move;
      if (dfs(s, depth + 1, hiddenBefore > 0 && s.board.hidden[from]! < hiddenBefore)) {
        hasher.undo();
        return true;
      }
      s.table.leave(slot, s.nodes - before);
    } else if (slot === FULL) {
      s.incomplete = true;
    }
    hasher.undo();
    if (s.status !== RUNNING) return false;
  }
  return false;
}

/** Searches `state` (a full state: face-down cards known) within the limits. */
export function search(
  state: GameState,
  table: TranspositionTable,
  nodeLimit: number,
  deadline: number,
): { outcome: SearchOutcome; nodes: number } {
  const s = new Search(state, table, nodeLimit, deadline);
  table.clear();
  table.enter(s.hasher.lo, s.hasher.hi);
  const won = dfs(s, 0, true);
  const nodes = s.nodes;
  if (won)
    return { outcome: { kind: 'win', line: Array.from(s.path.subarray(0, s.lineLength), FastBoard.decode) }, nodes };
  if (s.status === TIME_LIMIT) return { outcome: { kind: 'time-limit' }, nodes };
  if (s.status === NODE_LIMIT || s.incomplete) return { outcome: { kind: 'node-limit' }, nodes };
  return { outcome: { kind: 'loss' }, nodes };
}
