/** Settled once, shared: a free key's `run` starts its task from it (in a microtask, as behind a busy key). */
const FREE: Promise<void> = Promise.resolve();

/**
 * Runs tasks one after another per key: two frames for the same game never interleave between
 * "stored" and "applied", even when the repository is truly asynchronous. It knows no game: rooms,
 * arenas, a day's join and the SQLite store's making of a day's deal queue on it too.
 *
 * Two ways in, on one queue per key. `take` and `release` are the game service's move path: a
 * free key is taken at once, in the caller's own turn, with no promise or closure made for it
 * (the move goes on to its store without a microtask, and without a callback back into the
 * service); a busy one hands out a promise of the caller's turn. `run` wraps a task for the
 * rarer paths, and starts it in a later microtask even on a free key.
 */
export class KeyedLock {
  /** Each busy key, with whoever waits for it in order (`null`: nobody yet; the holder is not in it). */
  private readonly waiting = new Map<string, (() => void)[] | null>();

  /**
   * Takes `key`: `undefined` when it was free (the caller holds it now), else a promise that
   * resolves when the caller's turn comes. Every take is followed by exactly one `release`.
   */
  take(key: string): Promise<void> | undefined {
    const queue = this.waiting.get(key);
    if (queue === undefined) {
      this.waiting.set(key, null);
      return undefined;
    }
    return new Promise((turn) => {
      if (queue) queue.push(turn);
      else this.waiting.set(key, [turn]);
    });
  }

  /** Lets `key` go: the next in line holds it now, or it is free. */
  release(key: string): void {
    const next = this.waiting.get(key)?.shift();
    if (next) next();
    else this.waiting.delete(key);
  }

  /** `task` once `key` is the caller's; the key is let go however the task ends (its failure is the caller's). */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const result = (this.take(key) ?? FREE).then(task);
    const release = () => this.release(key);
    // Also marks a failure as seen here: the caller gets `result` and handles it.
    result.then(release, release);
    return result;
  }

  /** How many keys have a task running or waiting. */
  get busy(): number {
    return this.waiting.size;
  }
}
