import type { Options, VariantId } from '@scorpion/rules';
import { type Certificate, certifyDeal } from './certify.ts';
import type { Limits } from './types.ts';

/**
 * What a worker can be asked to do; plain data, so it crosses `postMessage` as is. The server
 * only certifies deals on its threads (the daily deal, "winnable only" races); the web app runs
 * its own solver in a browser worker.
 */
export interface Task {
  readonly kind: 'certify';
  readonly variant: VariantId;
  readonly options: Options;
  readonly deck: readonly number[];
  readonly limits?: Limits;
}

export function runTask(task: Task): Certificate {
  return certifyDeal(task.variant, task.options, task.deck, task.limits);
}
