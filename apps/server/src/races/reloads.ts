/** How long a room whose race failed a step waits before it is loaded again (ms). */
export const RELOAD_MS = 1000;
/** Each load in a row doubles the wait, up to this. */
export const RELOAD_MAX_MS = 60_000;

/**
 * The rooms to load again from the database (`RaceHub.reload`), one timer each: a race whose
 * steps fail several times at once is loaded once. A load that fails too (the database still
 * away) is logged and tried again; a room that needs loading again soon after its last load (a
 * step that keeps failing) waits longer each time, up to a minute, so that no room spins.
 */
export class Reloads<R extends { readonly code: string }> {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Each room's loads in a row, and when the last was asked for (`clock`). */
  private readonly tries = new Map<string, { count: number; at: number }>();
  private stopped = false;
  private readonly reload: (room: R) => Promise<void>;
  private readonly failed: (error: unknown, code: string) => void;
  /** About load, not game time: the wall clock, as the progress throttle's. */
  private readonly clock: () => number;

  constructor(
    reload: (room: R) => Promise<void>,
    failed: (error: unknown, code: string) => void,
    clock: () => number = () => performance.now(),
  ) {
    this.reload = reload;
    this.failed = failed;
    this.clock = clock;
  }

  /** `room` is loaded again after a while, unless it already waits to be. */
  soon(room: R): void {
    const code = room.code;
    if (this.stopped || this.timers.has(code)) return;
    const now = this.clock();
    const last = this.tries.get(code);
    const count = last && now - last.at < 2 * RELOAD_MAX_MS ? last.count + 1 : 0;
    this.tries.set(code, { count, at: now });
    const timer = setTimeout(
      () => {
        this.timers.delete(code);
        this.reload(room).catch((error: unknown) => {
          this.failed(error, code);
          this.soon(room);
        });
      },
      Math.min(RELOAD_MAX_MS, RELOAD_MS * 2 ** count),
    );
    this.timers.set(code, timer);
  }

  /** The process stops: nothing more is loaded (the races stay in the database for the next start). */
  stop(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
