import { type Card, FACES, face, rankOf } from './cards.ts';
import type { Move } from './moves.ts';
import { isCompleteColumn, isWon } from './runs.ts';
import type { GameState } from './state.ts';
import { VARIANTS } from './variants.ts';

/*
 * Scratch tables, reset before returning, so generation allocates nothing but the result.
 * `above[f]` is the first column whose top card is one rank higher than face f in suit, and
 * `aboveToo[f]` the second (two decks can hold two such columns).
 */
const above = new Int16Array(FACES).fill(-1);
const aboveToo = new Int16Array(FACES).fill(-1);

/**
 * Fills `above` and `aboveToo` from the columns' face-up tops; returns how many columns are
 * empty, and lists them in `empties` when given.
 */
function indexTops(columns: GameState['columns'], empties?: number[]): number {
  let count = 0;
  for (let t = 0; t < columns.length; t++) {
    const column = columns[t]!;
    if (column.length === 0) {
      empties?.push(t);
      count++;
      continue;
    }
    const top = column[column.length - 1]!;
    if (top < 0 || rankOf(top) === 1) continue;
    const below = face(top) - 1;
    if (above[below]! < 0) above[below] = t;
    else aboveToo[below] = t;
  }
  return count;
}

/** Resets what `indexTops` filled: the tables are shared scratch. */
function clearTops(columns: GameState['columns']): void {
  for (let t = 0; t < columns.length; t++) {
    const top = columns[t]![columns[t]!.length - 1];
    if (top !== undefined && top >= 0 && rankOf(top) > 1) {
      above[face(top) - 1] = -1;
      aboveToo[face(top) - 1] = -1;
    }
  }
}

/** `from` value telling `pushTargets` that the card comes from the open reserve. */
const RESERVE = -1;

/**
 * Pushes the moves of `card` (at `row` of column `from`, or reserve card `row`) onto every column
 * that takes it: the (at most two) columns whose top is one rank higher in suit, merged in column
 * order with the empty columns when the card may fill one. Written without closures: this is
 * the innermost loop of every playout and search.
 */
function pushTargets(
  moves: Move[],
  card: Card,
  from: number,
  row: number,
  empties: readonly number[],
  anyToEmpty: boolean,
): void {
  const f = face(card);
  const toEmpty = anyToEmpty || rankOf(card) === 13;
  let e = 0;
  for (let k = 0; k < 2; k++) {
    const t = k === 0 ? above[f]! : aboveToo[f]!;
    if (t < 0) continue;
    if (toEmpty) {
      for (; e < empties.length && empties[e]! < t; e++) pushMove(moves, from, row, empties[e]!);
    }
    pushMove(moves, from, row, t);
  }
  if (toEmpty) for (; e < empties.length; e++) pushMove(moves, from, row, empties[e]!);
}

function pushMove(moves: Move[], from: number, row: number, to: number): void {
  if (from === RESERVE) moves.push({ kind: 'reserve', index: row, to });
  else if (to !== from) moves.push({ kind: 'move', from, row, to });
}

/**
 * Every legal move in a fixed order that the UI and the tests rely on:
 * column moves by source column, then row from the bottom, then destination column; then
 * reserve moves by index and destination; then the deal; then foundation moves by column;
 * then moves back from the foundations by foundation and destination.
 * Works the same on a full state and on a player view.
 */
export function legalMoves(state: GameState): Move[] {
  const moves: Move[] = [];
  if (isWon(state)) return moves;
  const { columns, hidden } = state;
  const anyToEmpty = VARIANTS[state.variant].emptyColumn === 'any';
  const empties: number[] = [];
  indexTops(columns, empties);

  for (let from = 0; from < columns.length; from++) {
    const column = columns[from]!;
    for (let row = hidden[from]!; row < column.length; row++) {
      const card = column[row]!;
      if (card >= 0) pushTargets(moves, card, from, row, empties, anyToEmpty);
    }
  }
  for (let index = 0; index < state.reserve.length; index++) {
    pushTargets(moves, state.reserve[index]!, RESERVE, index, empties, anyToEmpty);
  }
  clearTops(columns);

  if (state.stock.length > 0) moves.push({ kind: 'deal' });
  if (state.options.foundations) {
    for (let from = 0; from < columns.length; from++) {
      if (isCompleteColumn(state, from)) moves.push({ kind: 'foundation', from });
    }
    state.foundations.forEach((_, foundation) => {
      for (const to of empties) moves.push({ kind: 'unfoundation', foundation, to });
    });
  }
  return moves;
}

/** Whether `card` (at column `from`, or from the reserve) goes anywhere, by the tables `above` and `aboveToo`. */
function hasTarget(card: Card, from: number, anyEmpty: boolean, anyToEmpty: boolean): boolean {
  const f = face(card);
  const first = above[f]!;
  const second = aboveToo[f]!;
  if ((first >= 0 && first !== from) || (second >= 0 && second !== from)) return true;
  return anyEmpty && (anyToEmpty || rankOf(card) === 13);
}

/**
 * `legalMoves(state).length > 0`, without building the list: the rules ask after every move
 * whether the game is lost, and the list (an object per move) was a good part of what a
 * server's move allocated. The same tables and the same cases as `legalMoves`, in its order.
 */
export function hasLegalMove(state: GameState): boolean {
  return !isWon(state) && hasLegalMoveUnwon(state);
}

/**
 * `hasLegalMove` for a caller that has just found `state` not won (a move's `finish`, `gameStatus`):
 * a move asks the rules whether the game is won once, not twice.
 */
export function hasLegalMoveUnwon(state: GameState): boolean {
  const { columns, hidden } = state;
  const anyToEmpty = VARIANTS[state.variant].emptyColumn === 'any';
  const empties = indexTops(columns);

  let found = false;
  for (let from = 0; from < columns.length && !found; from++) {
    const column = columns[from]!;
    for (let row = hidden[from]!; row < column.length && !found; row++) {
      const card = column[row]!;
      found = card >= 0 && hasTarget(card, from, empties > 0, anyToEmpty);
    }
  }
  for (let index = 0; index < state.reserve.length && !found; index++) {
    found = hasTarget(state.reserve[index]!, RESERVE, empties > 0, anyToEmpty);
  }
  // The tables are shared scratch: reset before any return.
  clearTops(columns);
  if (found || state.stock.length > 0) return true;
  if (state.options.foundations) {
    for (let from = 0; from < columns.length; from++) if (isCompleteColumn(state, from)) return true;
    if (state.foundations.length > 0 && empties > 0) return true;
  }
  return false;
}
