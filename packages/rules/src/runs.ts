import { type Card, rankOf, suitOf } from './cards.ts';
import type { GameState } from './state.ts';

/** True when `cards` is exactly one complete King-to-Ace run of one suit, bottom to top. */
export function isCompleteRun(cards: readonly Card[]): boolean {
  if (cards.length !== 13) return false;
  const suit = suitOf(cards[0]!);
  for (let i = 0; i < 13; i++) {
    const card = cards[i]!;
    if (card < 0 || suitOf(card) !== suit || rankOf(card) !== 13 - i) return false;
  }
  return true;
}

/** True when the top card of `column` is the card one rank higher, in suit, than `card`. */
export function acceptsOnTop(column: readonly Card[], card: Card): boolean {
  const top = column[column.length - 1];
  if (top === undefined || top < 0 || card < 0) return false;
  return suitOf(top) === suitOf(card) && rankOf(top) === rankOf(card) + 1;
}

/**
 * Won: no stock or reserve card is left, and every non-empty column is exactly one complete
 * King-to-Ace run of one suit, all face up (runs in the foundations count as done).
 */
export function isWon(state: GameState): boolean {
  if (state.stock.length > 0 || state.reserve.length > 0) return false;
  for (let c = 0; c < state.columns.length; c++) {
    if (state.columns[c]!.length > 0 && !isCompleteColumn(state, c)) return false;
  }
  return true;
}

/** A column that is one complete run, all face up: ready for the foundations, or done. */
export function isCompleteColumn(state: GameState, column: number): boolean {
  return state.hidden[column] === 0 && isCompleteRun(state.columns[column]!);
}

/**
 * Race progress: cards in face-up runs that start with a King at the bottom of a column and go
 * down by one in suit, plus 13 for every run in the foundations. 0–52 (0–104 for two decks).
 */
export function progressOf(state: GameState): number {
  let total = state.foundations.length * 13;
  state.columns.forEach((column, c) => {
    if (state.hidden[c]! > 0 || column.length === 0) return;
    const king = column[0]!;
    if (king < 0 || rankOf(king) !== 13) return;
    let length = 1;
    while (length < column.length) {
      const card = column[length]!;
      if (card < 0 || suitOf(card) !== suitOf(king) || rankOf(card) !== 13 - length) break;
      length++;
    }
    total += length;
  });
  return total;
}

/**
 * A position's race progress (`progressOf`) and face-down cards (`faceDownCount`), in one call:
 * what a server game's row keeps of the position after every action.
 */
export function tallyOf(state: GameState): { progress: number; faceDown: number } {
  return { progress: progressOf(state), faceDown: faceDownCount(state) };
}

/** Face-down cards still in the columns (the stock is not counted: it is dealt face up). */
export function faceDownCount(state: GameState): number {
  let total = 0;
  for (const n of state.hidden) total += n;
  return total;
}
