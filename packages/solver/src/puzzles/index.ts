/**
 * Puzzles: positions with every card face up where exactly one move keeps the deal winnable
 * (`forced.ts`), mined along won lines (`mine.ts`), kept as text (`board-text.ts`,
 * `deal-puzzles.ts`) and checked again from scratch (`check.ts`).
 */
export { type BoardText, boardFromText, boardText } from './board-text.ts';
export { checkPuzzle } from './check.ts';
export { type DealPuzzles, isDealPuzzles, type StoredPuzzle } from './deal-puzzles.ts';
export {
  allFaceUp,
  type Forcing,
  type ForcingCheck,
  onlyWinningMove,
  realMoves,
  type Solve,
  shapeOf,
} from './forced.ts';
export type { PuzzleKey } from './key.ts';
export { FIRST_MOVE_CHOICES, type MinedPuzzle, type MineOptions, minePuzzles, NEXT_MOVE_CHOICES } from './mine.ts';
