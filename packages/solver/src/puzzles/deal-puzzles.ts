import type { Move } from '@scorpion/rules';
import type { BoardText } from './board-text.ts';

/** One puzzle as the data file keeps it: its position as text, not the line that led there. */
export interface StoredPuzzle {
  /** Moves of the deal's winning line before the puzzle's position (with the deal's index, its name). */
  readonly ply: number;
  /** On the early deal's branch: the ply of the deal's line where the stock was dealt (`ply` then counts along the branch). */
  readonly branch?: number;
  readonly board: BoardText;
  readonly solution: readonly Move[];
  readonly legal: number;
  readonly nodes: number;
}

/**
 * One line of a puzzle file: a deal the miner went through, with the puzzles found along its
 * winning line (often none). A deal in the file is done: the miner resumes after it.
 */
export interface DealPuzzles {
  /** The study's deal number; in a file of public games' deals, the deal's place in the file. */
  readonly index: number;
  /** The study's seed of the deal; for a public game's deal, `deck:` and its cards' codes (`deck:AS 9D …`). */
  readonly seed: string;
  /** Milliseconds the miner spent on the deal, for the time per puzzle. */
  readonly ms: number;
  readonly puzzles: readonly StoredPuzzle[];
}

export function isDealPuzzles(value: unknown): value is DealPuzzles {
  if (typeof value !== 'object' || value === null) return false;
  const d = value as Record<string, unknown>;
  return (
    Number.isInteger(d.index) &&
    typeof d.seed === 'string' &&
    typeof d.ms === 'number' &&
    Array.isArray(d.puzzles) &&
    d.puzzles.every((p: unknown) => {
      const q = p as Record<string, unknown>;
      return (
        typeof q === 'object' &&
        q !== null &&
        Number.isInteger(q.ply) &&
        typeof (q.board as BoardText | undefined)?.columns === 'string' &&
        Array.isArray(q.solution) &&
        q.solution.length > 0 &&
        Number.isInteger(q.legal) &&
        typeof q.nodes === 'number'
      );
    })
  );
}
