import { newGame, type Options, type VariantId } from '@scorpion/rules';
import { type Certificate, certifyDeal } from './certify.ts';
import { solve } from './solve.ts';
import type { Limits, SolveResult } from './types.ts';

/**
 * What a worker can be asked to do; plain data, so it crosses `postMessage` as is. The server
 * certifies deals on its threads (the daily deal, "winnable only" races); `scorpion study`
 * solves whole deals on them to the end (a verdict, not just "winnable or not"). The web app
 * runs its own solver in a browser worker.
 */
export type Task =
  | {
      readonly kind: 'certify';
      readonly variant: VariantId;
      readonly options: Options;
      readonly deck: readonly number[];
      readonly limits?: Limits;
    }
  | {
      readonly kind: 'solve-deal';
      readonly variant: VariantId;
      readonly options: Options;
      readonly deck: readonly number[];
      readonly limits?: Limits;
    };

export function runTask(task: Task): Certificate | SolveResult {
  if (task.kind === 'solve-deal') return solve(newGame(task.variant, task.options, task.deck), task.limits);
  return certifyDeal(task.variant, task.options, task.deck, task.limits);
}
