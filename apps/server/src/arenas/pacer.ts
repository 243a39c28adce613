/**
 * When an arena's standings are pushed: at most once a second, and only after a change. The
 * first change after a quiet second goes out at once; the changes that follow within the second
 * wait for it to pass and go out together, so a thousand players finishing deals cost one table
 * a second, not one per result. The caller owns the timer: `changed` says how long to wait.
 */
export const PUSH_INTERVAL_MS = 1000;

export class Pacer {
  private readonly intervalMs: number;
  private lastPushAt = Number.NEGATIVE_INFINITY;
  private waiting = false;

  constructor(intervalMs = PUSH_INTERVAL_MS) {
    this.intervalMs = intervalMs;
  }

  /** A change at `now`: push after this many ms, or null when a push is already waited for. */
  changed(now: number): number | null {
    if (this.waiting) return null;
    this.waiting = true;
    return Math.max(0, this.lastPushAt + this.intervalMs - now);
  }

  /** The push went out at `now`, holding every change so far. */
  pushed(now: number): void {
    this.waiting = false;
    this.lastPushAt = now;
  }
}
