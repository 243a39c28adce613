import type { GameState } from '@scorpion/rules';
import type { Hint } from '@scorpion/solver/hint';
import type { Limits } from '@scorpion/solver/types';

export type { Hint };

let worker: Worker | undefined;

/**
 * Asks the solver, in a worker so the board stays responsive, for the next move of a winning
 * line (and the whole line). Only for full states: local practice games and public past deals.
 */
export function requestHint(state: GameState, limits: Limits = {}): Promise<Hint> {
  worker ??= new Worker(new URL('./hint.worker.ts', import.meta.url), { type: 'module' });
  const w = worker;
  return new Promise((resolve, reject) => {
    w.onmessage = (e: MessageEvent<Hint>) => resolve(e.data);
    w.onerror = (e) => reject(new Error(e.message));
    w.postMessage({ state, limits });
  });
}
