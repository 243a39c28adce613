/** Settled once, shared: a free key's task starts from it (in a microtask, as behind a busy key). */
const FREE: Promise<unknown> = Promise.resolve();

/**
 * Runs tasks one after another per key: two frames for the same game never interleave between
 * "stored" and "applied", even when the repository is truly asynchronous.
 *
 * The game service takes it for every action, so it allocates little: the task's own promise
 * is the key's tail (a task runs after the one before it however that one ended), and one
 * callback releases the key. It used to make four promises and two closures per task.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const result = (this.tails.get(key) ?? FREE).then(task, task);
    this.tails.set(key, result);
    const release = () => {
      if (this.tails.get(key) === result) this.tails.delete(key);
    };
    // Also marks a failure as seen here: the caller gets `result` and handles it.
    result.then(release, release);
    return result;
  }

  /** How many keys have a task running or waiting. */
  get busy(): number {
    return this.tails.size;
  }
}
