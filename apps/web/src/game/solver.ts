import type { GameState, Options, VariantId } from '@scorpion/rules';
import type { Hint } from '@scorpion/solver/hint';
import type { Limits } from '@scorpion/solver/types';
import { m } from '../paraglide/messages.js';
import type { SolverAnswers, SolverReply, SolverRequest, SolverTask } from './solverMessages.ts';
import type { WinnableDeal } from './winnable.ts';

export type { Hint, WinnableDeal };

/** The part of a `Worker` the client uses, so that tests can stand in for it. */
export interface SolverWorker {
  postMessage(request: SolverRequest): void;
  onmessage: ((e: MessageEvent<SolverReply>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
  terminate(): void;
}

export interface SolverClient {
  /** The next move of a winning line (and the whole line) from a full state. */
  hint(state: GameState, limits?: Limits): Promise<Hint>;
  /** A fresh practice deal the solver proves winnable. */
  winnableDeal(variant: VariantId, options: Options): Promise<WinnableDeal>;
}

interface Caller {
  readonly resolve: (answer: SolverAnswers[keyof SolverAnswers]) => void;
  readonly reject: (error: Error) => void;
}

/**
 * Talks to one solver worker, started on first use so that pages which never ask pay nothing.
 * The worker answers one task at a time, in order; each reply finds its caller by id. If the
 * worker dies, every task waiting on it fails and the next one starts a fresh worker.
 */
export function solverClient(spawn: () => SolverWorker): SolverClient {
  let worker: SolverWorker | undefined;
  let nextId = 1;
  const waiting = new Map<number, Caller>();

  function start(): SolverWorker {
    const started = spawn();
    started.onmessage = (e) => {
      const caller = waiting.get(e.data.id);
      waiting.delete(e.data.id);
      if ('error' in e.data) caller?.reject(new Error(e.data.error));
      else caller?.resolve(e.data.answer);
    };
    started.onerror = (e) => {
      started.terminate();
      if (worker === started) worker = undefined;
      const error = new Error(e.message || m.game_solver_stopped());
      for (const caller of waiting.values()) caller.reject(error);
      waiting.clear();
    };
    return started;
  }

  function ask<K extends keyof SolverAnswers>(task: SolverTask & { task: K }): Promise<SolverAnswers[K]> {
    worker ??= start();
    const id = nextId++;
    const sent = worker;
    return new Promise((resolve, reject) => {
      // The worker answers each task with that task's answer (see solver.worker.ts).
      waiting.set(id, { resolve: resolve as Caller['resolve'], reject });
      sent.postMessage({ ...task, id });
    });
  }

  return {
    hint: (state, limits = {}) => ask({ task: 'hint', state, limits }),
    winnableDeal: (variant, options) => ask({ task: 'winnable', variant, options }),
  };
}

/** The app's one solver worker: for local practice games and public past deals only (full states). */
export const solver = solverClient(
  () => new Worker(new URL('./solver.worker.ts', import.meta.url), { type: 'module' }),
);
