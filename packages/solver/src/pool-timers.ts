/**
 * The clock and timer the pool's restart backoff runs on: the real ones in production, a
 * manual one in tests, so that a test of a five-minute backoff takes no time at all.
 */
export interface PoolTimers {
  /** Milliseconds on a clock that only goes forward. */
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemTimers: PoolTimers = {
  now: () => performance.now(),
  setTimeout(run, ms) {
    // A pending restart must not keep a process alive that is otherwise done.
    return setTimeout(run, ms).unref();
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
