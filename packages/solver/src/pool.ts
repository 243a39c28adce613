import { Worker } from 'node:worker_threads';
import type { GameState, Options, VariantId } from '@scorpion/rules';
import type { EvidenceOptions, GameEvidence } from './analysis/evidence.ts';
import type { PlayedGame } from './analysis/played.ts';
import type { Certificate } from './certify.ts';
import type { Hint } from './hint.ts';
import { type PoolTimers, systemTimers } from './pool-timers.ts';
import type { DealVerdict, Task } from './tasks.ts';
import type { Limits } from './types.ts';
import { WORKER_ENTRY, WORKER_OPTIONS } from './worker-location.ts';

export type { PoolTimers } from './pool-timers.ts';

/**
 * The pool cannot run a task: its thread died under it, every thread is waiting to be
 * restarted, or the pool is closed. The caller decides what to tell the user; the message says
 * what happened but carries nothing of the task (no deck, no seed).
 */
export class SolverUnavailableError extends Error {
  readonly code = 'solver-unavailable';

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SolverUnavailableError';
  }
}

/** A thread that exited while the pool was open. */
export interface WorkerDeath {
  /** The uncaught error that ended it, when there was one (a load failure, a throw). */
  readonly error: Error | undefined;
  readonly exitCode: number;
  /** When the pool starts a new thread in its place. */
  readonly restartInMs: number;
}

/** The pool's state for `/readyz` and `/metrics`. */
export interface PoolHealth {
  /** Threads the pool keeps. */
  readonly threads: number;
  /** Threads started and not exited (a thread still loading counts). */
  readonly alive: number;
  /** Threads that died and wait out their backoff before a restart. */
  readonly backingOff: number;
  /** Since the pool was created. */
  readonly deaths: number;
  readonly restarts: number;
  /** Tasks waiting for a free thread. */
  readonly waiting: number;
  /** Why the pool cannot be relied on now (backing off, dying repeatedly, closed); undefined when it can. */
  readonly problem: string | undefined;
}

export interface SolverPoolOptions {
  threads?: number;
  /** The thread's entry file (tests pass one that dies). */
  entry?: URL;
  /**
   * A dead thread is restarted after `firstMs`, doubling with each death in a row up to
   * `maxMs`; a task answered resets the streak.
   */
  backoff?: { readonly firstMs: number; readonly maxMs: number };
  /** This many deaths within `withinMs` make the pool unhealthy even while its threads run. */
  unhealthyAfter?: { readonly deaths: number; readonly withinMs: number };
  timers?: PoolTimers;
  /**
   * The threads' scheduling priority (a nice value, 19 the lowest), for background work such as
   * weighing finished games: they then use only what the move path leaves of the cores.
   */
  priority?: number;
}

export const DEFAULT_BACKOFF = { firstMs: 250, maxMs: 30_000 } as const;
export const DEFAULT_UNHEALTHY_AFTER = { deaths: 3, withinMs: 5 * 60_000 } as const;

export interface SolverPool {
  /** `certifyDeal` on a thread: whether the deal is proven winnable, with its line if so. */
  certify(variant: VariantId, options: Options, deck: readonly number[], limits?: Limits): Promise<Certificate>;
  /** `solve` on a thread from a deal's start: its verdict, a win's line shortened (see `solveDeal` in tasks.ts). */
  solveDeal(variant: VariantId, options: Options, deck: readonly number[], limits?: Limits): Promise<DealVerdict>;
  /** `gameEvidence` on a thread: what a finished game's moves say (`analysis/evidence.ts`). */
  evidence(game: PlayedGame, seed: string, options?: EvidenceOptions): Promise<GameEvidence>;
  /** `hint` on a thread: the next move of a winning line from a whole position (`hint.ts`). */
  hint(state: GameState, limits?: Limits): Promise<Hint>;
  /** Tasks waiting for a free thread (for back-pressure). */
  readonly pending: number;
  health(): PoolHealth;
  /** Calls `listener` at each thread death (to log it); returns the call that stops it. */
  onDeath(listener: (death: WorkerDeath) => void): () => void;
  /** Stops the threads; tasks not finished are rejected. */
  close(): Promise<void>;
}

interface Job {
  readonly id: number;
  readonly task: Task;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
}

/** One of the pool's places: a running thread, or a dead one waiting to be replaced. */
type Slot =
  | { state: 'running'; worker: Worker; job: Job | undefined; error: Error | undefined }
  | { state: 'backing-off'; timer: unknown; restartAt: number };

/**
 * Solver threads for the server, so that certifying searches never run on the event loop that handles
 * moves. Each thread runs one search at a time (a search is CPU-bound); extra tasks queue in
 * order. Threads run the same build as the pool (worker-location.ts). Each thread holds its own
 * transposition table (`Limits.tableMegabytes`, allocated on first use).
 *
 * A thread that dies fails its task at once, and is restarted after a growing backoff rather
 * than in a tight loop (a thread that cannot even load would otherwise spin a core). While no
 * thread runs, tasks fail at once too: nobody waits for a thread that may never come back.
 */
export function createSolverPool(options: SolverPoolOptions = {}): SolverPool {
  const entry = options.entry ?? WORKER_ENTRY;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const unhealthyAfter = options.unhealthyAfter ?? DEFAULT_UNHEALTHY_AFTER;
  const timers = options.timers ?? systemTimers;
  const size = Math.max(1, options.threads ?? 1);
  const slots: Slot[] = [];
  /** Deaths in a row per slot, since its last answered task. */
  const streaks: number[] = new Array<number>(size).fill(0);
  const queue: Job[] = [];
  const listeners = new Set<(death: WorkerDeath) => void>();
  /** When recent deaths happened, for `unhealthyAfter`. */
  let deathTimes: number[] = [];
  let deaths = 0;
  let restarts = 0;
  let nextId = 1;
  let closed = false;

  const running = () => slots.filter((slot) => slot.state === 'running');

  function dispatch(): void {
    for (const slot of slots) {
      if (slot.state !== 'running' || slot.job || queue.length === 0) continue;
      const job = queue.shift()!;
      slot.job = job;
      slot.worker.postMessage({ id: job.id, task: job.task });
    }
  }

  function spawn(at: number): void {
    const worker = new Worker(
      entry,
      options.priority === undefined
        ? WORKER_OPTIONS
        : { ...WORKER_OPTIONS, workerData: { priority: options.priority } },
    );
    const slot: Slot = { state: 'running', worker, job: undefined, error: undefined };
    slots[at] = slot;
    worker.on('message', (message: { id: number; result?: unknown; error?: string }) => {
      const job = slot.job;
      slot.job = undefined;
      if (job?.id === message.id) {
        streaks[at] = 0;
        if (message.error === undefined) job.resolve(message.result);
        else job.reject(new Error(message.error));
      }
      dispatch();
    });
    // An uncaught error (a failed import included) comes first, then the exit.
    worker.on('error', (error) => {
      slot.error = error;
    });
    worker.on('exit', (exitCode) => {
      if (!closed) died(at, slot, exitCode);
    });
  }

  function died(at: number, slot: Extract<Slot, { state: 'running' }>, exitCode: number): void {
    const now = timers.now();
    deaths++;
    deathTimes = [...deathTimes.filter((t) => t > now - unhealthyAfter.withinMs), now];
    const restartInMs = Math.min(backoff.maxMs, backoff.firstMs * 2 ** streaks[at]!);
    streaks[at]!++;
    const why = slot.error ? `: ${slot.error.message}` : '';
    slot.job?.reject(
      new SolverUnavailableError(`the solver thread died during this task (exit code ${exitCode})`, {
        cause: slot.error,
      }),
    );
    const timer = timers.setTimeout(() => {
      restarts++;
      spawn(at);
      dispatch();
    }, restartInMs);
    slots[at] = { state: 'backing-off', timer, restartAt: now + restartInMs };
    if (running().length === 0) {
      const message = `every solver thread died (exit code ${exitCode}${why}); a restart comes in ${restartInMs} ms`;
      for (const job of queue.splice(0)) job.reject(new SolverUnavailableError(message, { cause: slot.error }));
    }
    for (const listener of listeners) listener({ error: slot.error, exitCode, restartInMs });
  }

  function health(): PoolHealth {
    const alive = running().length;
    const now = timers.now();
    const recent = deathTimes.filter((t) => t > now - unhealthyAfter.withinMs).length;
    let problem: string | undefined;
    if (closed) problem = 'the solver pool is closed';
    else if (alive < size) {
      const next = Math.min(...slots.map((s) => (s.state === 'backing-off' ? s.restartAt : Number.POSITIVE_INFINITY)));
      problem = `${size - alive} of ${size} solver threads died; the next restart is in ${Math.max(0, Math.ceil(next - now))} ms`;
    } else if (recent >= unhealthyAfter.deaths) {
      problem = `${recent} solver thread deaths in the last ${unhealthyAfter.withinMs / 1000} s`;
    }
    return { threads: size, alive, backingOff: size - alive, deaths, restarts, waiting: queue.length, problem };
  }

  for (let i = 0; i < size; i++) spawn(i);

  function run<T>(task: Task): Promise<T> {
    if (closed) return Promise.reject(new SolverUnavailableError('the solver pool is closed'));
    if (running().length === 0) return Promise.reject(new SolverUnavailableError(health().problem!));
    return new Promise<T>((resolve, reject) => {
      queue.push({ id: nextId++, task, resolve: resolve as (value: unknown) => void, reject });
      dispatch();
    });
  }

  return {
    certify: (variant, options, deck, limits) =>
      run({ kind: 'certify', variant, options, deck, ...(limits ? { limits } : {}) }),
    solveDeal: (variant, options, deck, limits) =>
      run({ kind: 'solve-deal', variant, options, deck, ...(limits ? { limits } : {}) }),
    hint: (state, limits) => run({ kind: 'hint', state, ...(limits ? { limits } : {}) }),
    evidence: (game, seed, options) => run({ kind: 'evidence', game, seed, ...(options ? { options } : {}) }),
    get pending() {
      return queue.length;
    },
    health,
    onDeath(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closed = true;
      const gone = () => new SolverUnavailableError('the solver pool is closed');
      for (const job of queue.splice(0)) job.reject(gone());
      const stopping: Promise<number>[] = [];
      for (const slot of slots) {
        if (slot.state === 'backing-off') timers.clearTimeout(slot.timer);
        else {
          slot.job?.reject(gone());
          stopping.push(slot.worker.terminate());
        }
      }
      await Promise.all(stopping);
    },
  };
}
