import type { CheckpointKind, CheckpointResult } from './checkpointer.ts';
import type { CommitGate } from './commit-gate.ts';

export interface WalKeeperOptions {
  /** Past this many frames in the WAL, a catch-up is tried. */
  readonly holdAtFrames: number;
  /** The longest the action commits are held; past it they go on and the catch-up has failed. */
  readonly holdCapMs: number;
  /** After a catch-up, how long before the next may be tried: doubled after each, to `maxBackoffMs`. */
  readonly backoffMs: number;
  readonly maxBackoffMs: number;
  readonly now?: () => number;
  /** Hears how each catch-up ended and how long the commits were held, in seconds (for the metrics). */
  readonly onHold?: (outcome: HoldOutcome, seconds: number) => void;
  /** Hears a checkpoint that failed (SQLITE_FULL on a full disk); the next cycle tries again. */
  readonly onFailure?: (error: unknown) => void;
}

export const HOLD_OUTCOMES = ['caught-up', 'behind', 'timed-out'] as const;
export type HoldOutcome = (typeof HOLD_OUTCOMES)[number];

/**
 * What one cycle did: checked only (or nothing, once stopped), held the commits and how that
 * ended, or `failed`: its checkpoint failed (any hold released).
 */
export type CycleOutcome = 'checked' | HoldOutcome | 'failed';

/**
 * Keeps the WAL bounded under steady writes. SQLite starts the WAL over from its beginning only
 * when a write transaction begins after a checkpoint has copied every frame back (and no reader
 * is on it). With commits every millisecond, the checkpoint thread's `PASSIVE` checkpoints end
 * behind the newest frame, that never happens, and the WAL grows without end. A `RESTART`
 * checkpoint would bound it, but it holds the write lock through its fsyncs, and the event loop
 * would wait that out in `busy_timeout`.
 *
 * So each cycle runs a `PASSIVE` checkpoint, and when the WAL has grown past `holdAtFrames`, the
 * keeper holds the action commits (`gate`: they queue in memory, unacknowledged, the event loop
 * runs on), has the thread catch up, with no commit racing it but the odd other write, and
 * releases them: their first commit starts the WAL over. A hold lasts at most `holdCapMs`; a
 * catch-up that fails (timed out, or left behind by other writes) is retried later, each time
 * later still, so a reader that pins the WAL (a backup) cannot make holds frequent.
 */
export class WalKeeper {
  private running: Promise<CycleOutcome> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private nextTryAt = 0;
  private backoff: number;
  private readonly now: () => number;
  private readonly checkpoint: (kind: CheckpointKind) => Promise<CheckpointResult>;
  private readonly gate: CommitGate;
  private readonly options: WalKeeperOptions;

  constructor(
    checkpoint: (kind: CheckpointKind) => Promise<CheckpointResult>,
    gate: CommitGate,
    options: WalKeeperOptions,
  ) {
    this.checkpoint = checkpoint;
    this.gate = gate;
    this.options = options;
    this.backoff = options.backoffMs;
    this.now = options.now ?? (() => performance.now());
  }

  /** A cycle every `everyMs`, on a timer that keeps no process alive. */
  start(everyMs: number): void {
    this.timer = setInterval(() => void this.cycle(), everyMs);
    this.timer.unref();
  }

  /** No more cycles; resolves once the running one is over and its hold released. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.stopped = true;
    await this.running;
  }

  /**
   * One cycle, or the one already running. It never rejects: it runs on a timer, and a disk
   * that cannot take a checkpoint now (full) may take the next; `onFailure` hears why.
   */
  cycle(): Promise<CycleOutcome> {
    if (this.stopped) return Promise.resolve('checked');
    this.running ??= this.run()
      .catch((error: unknown): CycleOutcome => {
        this.options.onFailure?.(error);
        return 'failed';
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  private async run(): Promise<CycleOutcome> {
    const { log } = await this.checkpoint('passive');
    if (log < this.options.holdAtFrames) {
      this.backoff = this.options.backoffMs;
      return 'checked';
    }
    if (this.now() < this.nextTryAt) return 'checked';
    this.nextTryAt = this.now() + this.backoff;
    this.backoff = Math.min(this.backoff * 2, this.options.maxBackoffMs);
    return this.catchUp();
  }

  private async catchUp(): Promise<HoldOutcome> {
    const started = performance.now();
    this.gate.hold();
    let cap: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timed-out'>((resolve) => {
      cap = setTimeout(() => resolve('timed-out'), this.options.holdCapMs);
    });
    try {
      const outcome = await Promise.race([
        this.checkpoint('catch-up').then((r) => (r.busy === 0 && r.checkpointed === r.log ? 'caught-up' : 'behind')),
        timedOut,
      ]);
      this.options.onHold?.(outcome, (performance.now() - started) / 1000);
      return outcome;
    } finally {
      clearTimeout(cap);
      this.gate.release();
    }
  }
}
