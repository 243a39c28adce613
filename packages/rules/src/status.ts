import { hasLegalMoveUnwon } from './legal.ts';
import { isWon } from './runs.ts';
import type { GameState } from './state.ts';

export type GameStatus = 'playing' | 'won' | 'lost';

/** `won`, `lost` (no legal move and not won) or `playing`. */
export function gameStatus(state: GameState): GameStatus {
  if (isWon(state)) return 'won';
  return hasLegalMoveUnwon(state) ? 'playing' : 'lost';
}
