import type { Clock } from '../clock.ts';
import type { GhostPoint, GhostTimeline } from './timeline.ts';

/**
 * The ghost's clock is checked at least this often (wall time) while it waits for its next
 * move: the server's clock may jump (a test moves it, a server resumes after downtime), and the
 * ghost must follow it, not the timer it set before.
 */
export const GHOST_CHECK_MS = 500;

export interface GhostRunnerOptions {
  readonly timeline: GhostTimeline;
  readonly now: Clock;
  /** How long the player racing the ghost has played at a given server time: the ghost's clock. */
  readonly elapsedAt: (now: number) => number;
  /** The ghost moved (and once at the start): what to tell whoever races it. */
  readonly emit: (point: GhostPoint, elapsedMs: number) => void;
}

/**
 * A recorded game replayed on the server's clock: it emits the ghost's point each time it
 * changes, and nothing else (a point holds no card). It knows nobody: a challenge, or a race
 * against a ghost, says whose clock it follows and where its points go. Stopped by its owner,
 * and by itself once the ghost has reached its end.
 */
export class GhostRunner {
  private timer: NodeJS.Timeout | undefined;
  private last: GhostPoint | undefined;
  private stopped = false;
  private readonly o: GhostRunnerOptions;

  constructor(o: GhostRunnerOptions) {
    this.o = o;
  }

  /**
   * Follows the ghost from where it stands now, which it returns instead of emitting: the
   * caller sends it with whatever starts the game. Each change after it is emitted.
   */
  start(): { point: GhostPoint; elapsedMs: number } {
    const now = this.current();
    this.last = now.point;
    this.schedule(now.elapsedMs);
    return now;
  }

  /** The ghost's point now, whether or not it changed. */
  current(): { point: GhostPoint; elapsedMs: number } {
    const elapsedMs = this.o.elapsedAt(this.o.now());
    return { point: this.o.timeline.at(elapsedMs), elapsedMs };
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  get running(): boolean {
    return !this.stopped;
  }

  private tick(): void {
    this.timer = undefined;
    if (this.stopped) return;
    const { point, elapsedMs } = this.current();
    if (point !== this.last) {
      this.last = point;
      this.o.emit(point, elapsedMs);
    }
    this.schedule(elapsedMs);
  }

  private schedule(elapsedMs: number): void {
    if (this.stopped) return;
    const next = this.o.timeline.nextAfter(elapsedMs);
    if (next === undefined) {
      this.stop();
      return;
    }
    const wait = Math.min(GHOST_CHECK_MS, Math.max(0, next - elapsedMs));
    this.timer = setTimeout(() => this.tick(), wait);
    this.timer.unref();
  }
}
