import { applyMove } from '@scorpion/rules';
import type { Limits } from '../index.ts';
import { boardFromText } from './board-text.ts';
import type { StoredPuzzle } from './deal-puzzles.ts';
import { onlyWinningMove, type Solve } from './forced.ts';
import type { PuzzleKey } from './key.ts';
import { FIRST_MOVE_CHOICES, NEXT_MOVE_CHOICES } from './mine.ts';

/**
 * What is wrong with a stored puzzle (undefined when nothing): from its position, every step
 * of its solution is checked again from scratch, the solution's own move solved too, so that
 * each must be the one legal move that keeps the deal winnable, among as many choices as the
 * miner asked for.
 */
export function checkPuzzle(key: PuzzleKey, puzzle: StoredPuzzle, solve: Solve, limits: Limits): string | undefined {
  let state = boardFromText(key, puzzle.board);
  for (const [step, move] of puzzle.solution.entries()) {
    const minMoves = step === 0 ? FIRST_MOVE_CHOICES : NEXT_MOVE_CHOICES;
    const forcing = onlyWinningMove(state, { solve, limits, minMoves });
    if (forcing.kind !== 'forced') return `step ${step + 1}: ${forcing.kind}, not one winning move`;
    if (JSON.stringify(forcing.move) !== JSON.stringify(move)) {
      return `step ${step + 1}: the only winning move is ${JSON.stringify(forcing.move)}, not the solution's`;
    }
    const played = applyMove(state, move);
    if (!played.ok) return `step ${step + 1}: ${played.reason}`;
    state = played.state;
  }
  return undefined;
}
