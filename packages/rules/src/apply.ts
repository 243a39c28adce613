import { type Card, rankOf, suitOf } from './cards.ts';
import { FastBoard } from './fast-board.ts';
import { hasLegalMoveUnwon } from './legal.ts';
import type { GameEvent, IllegalReason, Move } from './moves.ts';
import { acceptsOnTop, isCompleteColumn, isCompleteRun, isWon } from './runs.ts';
import type { GameState } from './state.ts';
import { VARIANTS } from './variants.ts';

export type MoveResult =
  | { readonly ok: true; readonly state: GameState; readonly events: readonly GameEvent[] }
  | { readonly ok: false; readonly reason: IllegalReason };

const STOCK_COLUMNS = 3;

function illegal(reason: IllegalReason): MoveResult {
  return { ok: false, reason };
}

function isIndex(value: unknown, length: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < length;
}

/**
 * Plays `move` on `state`. Never throws and never changes `state`: anything that is not a legal
 * move, including malformed input, comes back as `{ ok: false, reason }`.
 */
export function applyMove(state: GameState, move: unknown): MoveResult {
  if (typeof move !== 'object' || move === null) return illegal('bad-move');
  if (isWon(state)) return illegal('game-over');
  return playMove(state, move);
}

/**
 * `applyMove` for a caller that already knows `state` is not won, because it kept the `won`
 * event of the move that led there (the server's live game): a move then looks at whether the
 * game is won once, after it, not before it too.
 */
export function playMove(state: GameState, move: unknown): MoveResult {
  if (typeof move !== 'object' || move === null) return illegal('bad-move');
  const m = move as Record<string, unknown>;
  switch (m.kind) {
    case 'move':
      return moveColumn(state, m.from, m.row, m.to);
    case 'deal':
      return deal(state);
    case 'reserve':
      return playReserve(state, m.index, m.to);
    case 'foundation':
      return toFoundation(state, m.from);
    case 'unfoundation':
      return fromFoundation(state, m.foundation, m.to);
    default:
      return illegal('bad-move');
  }
}

export type CodedMoveResult =
  | { readonly ok: true; readonly state: GameState; readonly events: readonly GameEvent[]; readonly code: number }
  | { readonly ok: false; readonly reason: IllegalReason };

/**
 * `playMove`, with a legal move's code (`FastBoard.encode`) beside its result: what the server's
 * live game logs and packs of each move, found by the call that checks the move, so that taking
 * the move in makes no second call into the rules to learn it. An illegal move has no code.
 */
export function playCoded(state: GameState, move: unknown): CodedMoveResult {
  const result = playMove(state, move);
  if (!result.ok) return result;
  return { ok: true, state: result.state, events: result.events, code: FastBoard.encode(move as Move) };
}

/** Why `card` may not go on top of column `to`, or `undefined` when it may. */
function placementError(state: GameState, card: Card, to: number): IllegalReason | undefined {
  const target = state.columns[to]!;
  if (target.length === 0) {
    const anyCard = VARIANTS[state.variant].emptyColumn === 'any';
    return anyCard || rankOf(card) === 13 ? undefined : 'empty-needs-king';
  }
  if (acceptsOnTop(target, card)) return undefined;
  const top = target[target.length - 1]!;
  if (rankOf(top) === 1) return 'onto-ace';
  return suitOf(top) === suitOf(card) ? 'not-one-lower' : 'wrong-suit';
}

function moveColumn(state: GameState, from: unknown, row: unknown, to: unknown): MoveResult {
  const count = state.columns.length;
  if (!isIndex(from, count) || !isIndex(to, count)) return illegal('no-such-column');
  const source = state.columns[from]!;
  if (!isIndex(row, source.length)) return illegal('no-such-card');
  if (row < state.hidden[from]!) return illegal('not-face-up');
  if (from === to) return illegal('same-column');
  const card = source[row]!;
  const error = placementError(state, card, to);
  if (error) return illegal(error);

  const columns = state.columns.slice();
  const hidden = state.hidden.slice();
  const left = source.slice(0, row);
  columns[from] = left;
  columns[to] = state.columns[to]!.concat(source.slice(row));
  const events: GameEvent[] = [];
  if (left.length > 0 && hidden[from]! >= left.length) {
    hidden[from] = left.length - 1;
    events.push({ type: 'turned', column: from, card: left[left.length - 1]! });
  }
  return finish({ ...state, columns, hidden }, events, to);
}

function deal(state: GameState): MoveResult {
  if (VARIANTS[state.variant].reserve !== 'stock') return illegal('no-stock');
  if (state.stock.length === 0) return illegal('reserve-used');
  const columns = state.columns.slice();
  state.stock.forEach((card, i) => {
    const c = i % STOCK_COLUMNS;
    columns[c] = columns[c]!.concat([card]);
  });
  const events: GameEvent[] = [{ type: 'dealt', cards: state.stock }];
  return finish({ ...state, columns, stock: [] }, events, -1);
}

function playReserve(state: GameState, index: unknown, to: unknown): MoveResult {
  if (VARIANTS[state.variant].reserve !== 'open') return illegal('no-reserve');
  if (!isIndex(index, state.reserve.length)) return illegal('no-such-reserve-card');
  if (!isIndex(to, state.columns.length)) return illegal('no-such-column');
  const card = state.reserve[index]!;
  const error = placementError(state, card, to);
  if (error) return illegal(error);
  const columns = state.columns.slice();
  columns[to] = columns[to]!.concat([card]);
  const reserve = state.reserve.filter((_, i) => i !== index);
  return finish({ ...state, columns, reserve }, [], to);
}

function toFoundation(state: GameState, from: unknown): MoveResult {
  if (!state.options.foundations) return illegal('no-foundations');
  if (!isIndex(from, state.columns.length)) return illegal('no-such-column');
  if (!isCompleteColumn(state, from)) return illegal('not-a-complete-run');
  const columns = state.columns.slice();
  const run = columns[from]!;
  columns[from] = [];
  const foundations = state.foundations.concat([run]);
  return finish({ ...state, columns, foundations }, [{ type: 'to-foundation', column: from }], -1);
}

function fromFoundation(state: GameState, foundation: unknown, to: unknown): MoveResult {
  if (!state.options.foundations) return illegal('no-foundations');
  if (!isIndex(foundation, state.foundations.length)) return illegal('no-such-foundation');
  if (!isIndex(to, state.columns.length)) return illegal('no-such-column');
  if (state.columns[to]!.length > 0) return illegal('column-not-empty');
  const columns = state.columns.slice();
  columns[to] = state.foundations[foundation]!;
  const foundations = state.foundations.filter((_, i) => i !== foundation);
  return finish({ ...state, columns, foundations }, [{ type: 'from-foundation', column: to }], -1);
}

/** Adds the events every legal move may cause: a run completed where cards landed, won, lost. */
function finish(state: GameState, events: GameEvent[], landed: number): MoveResult {
  if (landed >= 0) {
    const column = state.columns[landed]!;
    if (column.length >= 13 && isCompleteRun(column.slice(-13))) {
      events.push({ type: 'run-completed', column: landed });
    }
  }
  if (isWon(state)) events.push({ type: 'won' });
  else if (!hasLegalMoveUnwon(state)) events.push({ type: 'lost' });
  return { ok: true, state, events };
}
