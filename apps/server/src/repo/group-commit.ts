import type { CommitGate } from '../db/commit-gate.ts';

/**
 * Groups the writes of one turn of the event loop into few commits: `add` queues an item, and
 * `commit` gets the queue once the turn's I/O is handled (`setImmediate`), or at once when the
 * queue reaches `most` items.
 *
 * Why a cap: the frames of many sockets are read in one turn (under the bench's load 40% of the
 * moves came in groups of ten to thirty), and none of their acks could leave before the last of
 * them was read, stored, and every ack before it written: each move waited for the whole burst.
 * Committing every `most` moves lets the first acks go out while the rest are still being read
 * (the caller's promises resolve in the same microtask checkpoint). A commit's own cost is small
 * beside a move's (SQLite: about 6 µs a commit against 7 µs an insert), so a small cap costs
 * little CPU.
 *
 * While `gate` is held (the WAL keeper catching a checkpoint up), nothing is committed: the
 * items wait in the queue, in order, and are committed at the release.
 */
export function groupCommits<T>(most: number, commit: (batch: T[]) => void, gate?: CommitGate): (item: T) => void {
  let pending: T[] = [];
  /** A flush is waiting for the gate's release. */
  let waiting = false;
  const flush = () => {
    // Already committed: the queue reached `most` after this flush was scheduled.
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
    else if (pending.length === 1) setImmediate(flush);
  };
}
