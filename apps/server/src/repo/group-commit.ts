import type { Clock } from '../clock.ts';
import type { CommitGate } from '../db/commit-gate.ts';

/**
 * When a group closes: `open` is called as a group's first item is queued, and runs `close` once
 * the group is to be committed. A group may also close earlier (its cap reached), in which case
 * its `close` comes late and is ignored.
 */
export type CommitWindow = (close: () => void) => void;

/** One turn of the event loop: the group closes once the turn's I/O is handled (SQLite). */
export const oneTurn: CommitWindow = (close) => {
  setImmediate(close);
};

/**
 * Where a repository puts the time each group commit took, in seconds: the metrics' histogram
 * itself (`ServerMetrics.commitTimes`), with no hook of theirs between the commit and its count.
 */
export interface CommitTimes {
  observe(seconds: number): void;
}

/** A timer as the window needs one; tests pass one they move by hand. */
export interface Timer {
  readonly now: Clock;
  after(ms: number, run: () => void): void;
}

export const systemTimer: Timer = {
  now: () => performance.now(),
  after(ms, run) {
    setTimeout(run, ms);
  },
};

/** A window of `ms` from the group's first item: no item waits longer than that to be committed. */
export function timedWindow(ms: number, timer: Timer = systemTimer): CommitWindow {
  return (close) => timer.after(ms, close);
}

/**
 * Groups writes into few commits: `add` queues an item, and `commit` gets the queue once its
 * window closes (`window`: one turn of the event loop, or a few ms from the group's first item
 * for PostgreSQL), or at once when the queue reaches `most` items.
 *
 * Why a cap: the frames of many sockets are read in one turn (under the bench's load 40% of the
 * moves came in groups of ten to thirty), and none of their acks could leave before the last of
 * them was read, stored, and every ack before it written: each move waited for the whole burst.
 * Committing every `most` moves lets the first acks go out while the rest are still being read
 * (the caller's promises resolve in the same microtask checkpoint). A commit's own cost is small
 * beside a move's (SQLite: about 6 µs a commit against 7 µs an insert), so a small cap costs
 * little CPU.
 *
 * While `gate` is held, nothing is committed: the items wait in the queue, in order, and are
 * committed at the release.
 */
export function groupCommits<T>(
  most: number,
  commit: (batch: T[]) => void,
  gate?: CommitGate,
  window: CommitWindow = oneTurn,
): (item: T) => void {
  let pending: T[] = [];
  /** A flush is waiting for the gate's release. */
  let waiting = false;
  /** Counts the groups opened: a window's close that comes after its group was committed is stale. */
  let opened = 0;
  const flush = () => {
    if (pending.length === 0) return;
    if (gate?.held) {
      if (!waiting) gate.onRelease(released);
      waiting = true;
      return;
    }
    // Past `most` only after a hold: what queued meanwhile is committed `most` at a time.
    while (pending.length > most) commit(pending.splice(0, most));
    const batch = pending;
    pending = [];
    commit(batch);
  };
  const released = () => {
    waiting = false;
    flush();
  };
  return (item) => {
    pending.push(item);
    if (pending.length >= most) flush();
    else if (pending.length === 1) {
      const group = ++opened;
      window(() => {
        if (group === opened) flush();
      });
    }
  };
}
