import { Worker } from 'node:worker_threads';
import type { Options, VariantId } from '@scorpion/rules';
import type { Certificate, CertifiedDeal } from './certify.ts';
import type { Hint } from './hint.ts';
import type { PositionInput, Task } from './tasks.ts';
import type { Limits, SolveResult } from './types.ts';
import { WORKER_ENTRY, WORKER_OPTIONS } from './worker-location.ts';

export interface SolverPool {
  solve(position: PositionInput, limits?: Limits): Promise<SolveResult>;
  hint(position: PositionInput, limits?: Limits): Promise<Hint>;
  certify(variant: VariantId, options: Options, deck: readonly number[], limits?: Limits): Promise<Certificate>;
  /** `findCertifiedDeal` over candidate seeds in order (daily deal, winnable-only races). */
  findCertifiedDeal(
    variant: VariantId,
    options: Options,
    seeds: readonly string[],
    limits?: Limits,
  ): Promise<CertifiedDeal | undefined>;
  /** Tasks waiting for a free thread (for back-pressure). */
  readonly pending: number;
  /** Stops the threads; tasks not finished are rejected. */
  close(): Promise<void>;
}

interface Job {
  readonly id: number;
  readonly task: Task;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
}

interface Thread {
  readonly worker: Worker;
  job: Job | undefined;
}

/**
 * Solver threads for the server, so that searches never run on the event loop that handles
 * moves. Each thread runs one search at a time (a search is CPU-bound); extra tasks queue in
 * order. Threads run the same build as the pool (worker-location.ts). Each
 * thread holds its own transposition table (`Limits.tableMegabytes`, allocated on first use).
 */
export function createSolverPool(options: { threads?: number } = {}): SolverPool {
  const threads: Thread[] = [];
  const queue: Job[] = [];
  let nextId = 1;
  let closed = false;

  function dispatch(): void {
    for (const thread of threads) {
      if (thread.job || queue.length === 0) continue;
      const job = queue.shift()!;
      thread.job = job;
      thread.worker.postMessage({ id: job.id, task: job.task });
    }
  }

  function spawn(): Thread {
    const worker = new Worker(WORKER_ENTRY, WORKER_OPTIONS);
    const thread: Thread = { worker, job: undefined };
    worker.on('message', (message: { id: number; result?: unknown; error?: string }) => {
      const job = thread.job;
      thread.job = undefined;
      if (job?.id === message.id) {
        if (message.error === undefined) job.resolve(message.result);
        else job.reject(new Error(message.error));
      }
      dispatch();
    });
    worker.on('error', (error) => {
      thread.job?.reject(error);
      thread.job = undefined;
      const at = threads.indexOf(thread);
      if (!closed && at >= 0) threads[at] = spawn();
      dispatch();
    });
    return thread;
  }

  for (let i = 0; i < Math.max(1, options.threads ?? 1); i++) threads.push(spawn());

  function run<T>(task: Task): Promise<T> {
    if (closed) return Promise.reject(new Error('the solver pool is closed'));
    return new Promise<T>((resolve, reject) => {
      queue.push({ id: nextId++, task, resolve: resolve as (value: unknown) => void, reject });
      dispatch();
    });
  }

  return {
    solve: (position, limits) => run({ kind: 'solve', position, ...(limits ? { limits } : {}) }),
    hint: (position, limits) => run({ kind: 'hint', position, ...(limits ? { limits } : {}) }),
    certify: (variant, options, deck, limits) =>
      run({ kind: 'certify', variant, options, deck, ...(limits ? { limits } : {}) }),
    findCertifiedDeal: (variant, options, seeds, limits) =>
      run({ kind: 'find', variant, options, seeds, ...(limits ? { limits } : {}) }),
    get pending() {
      return queue.length;
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('the solver pool is closed'));
      for (const thread of threads) thread.job?.reject(new Error('the solver pool is closed'));
      await Promise.all(threads.map((thread) => thread.worker.terminate()));
    },
  };
}
