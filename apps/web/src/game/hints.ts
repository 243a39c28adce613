import type { GameState } from '@scorpion/rules';
import type { Hint } from '../../../../packages/solver/src/hint.ts';

export type { Hint };

let worker: Worker | undefined;

/**
 * Asks the solver, in a worker so the board stays responsive, for the next move of a winning
 * line. Practice only: the position must be the full state, which only local games have.
 */
export function requestHint(state: GameState): Promise<Hint> {
  worker ??= new Worker(new URL('./hint.worker.ts', import.meta.url), { type: 'module' });
  const w = worker;
  return new Promise((resolve, reject) => {
    w.onmessage = (e: MessageEvent<Hint>) => resolve(e.data);
    w.onerror = (e) => reject(new Error(e.message));
    w.postMessage(state);
  });
}
