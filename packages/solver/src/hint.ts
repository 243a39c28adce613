import { type GameState, isWon, type Move } from '@scorpion/rules';
import { solve } from './solve.ts';
import type { Limits } from './types.ts';

/** Hints for practice games answer while the player waits: a small default budget. */
export const HINT_LIMITS: Limits = { nodes: 2_000_000, ms: 1_500 };

export type Hint =
  | { readonly kind: 'move'; readonly move: Move; readonly line: readonly Move[] }
  | { readonly kind: 'won' }
  | { readonly kind: 'lost' }
  | { readonly kind: 'unknown'; readonly reason: 'node-limit' | 'time-limit' };

/**
 * The next move of a winning line from `state`, or `lost` when the solver proves that no line
 * wins any more ("this position can no longer be won"), or `unknown` when it could not tell in
 * time. Never for ranked games: the caller decides.
 */
export function hint(state: GameState, limits: Limits = HINT_LIMITS): Hint {
  if (isWon(state)) return { kind: 'won' };
  const verdict = solve(state, limits);
  if (verdict.result === 'win') return { kind: 'move', move: verdict.line[0]!, line: verdict.line };
  if (verdict.result === 'loss') return { kind: 'lost' };
  return { kind: 'unknown', reason: verdict.reason };
}
