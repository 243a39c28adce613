/** How long a room whose race failed a step waits before it is loaded again (ms). */
export const RELOAD_MS = 1000;
/** Each load that fails doubles the wait, up to this. */
export const RELOAD_MAX_MS = 60_000;

/**
 * The rooms to load again from the database (`RaceHub.reload`), one timer each: a race whose
 * steps fail several times at once is loaded once. A load that fails too (the database still
 * away) is logged and tried again later, less and less often, until one succeeds.
 */
export class Reloads<R extends { readonly code: string }> {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private stopped = false;
  private readonly reload: (room: R) => Promise<void>;
  private readonly failed: (error: unknown, code: string) => void;

  constructor(reload: (room: R) => Promise<void>, failed: (error: unknown, code: string) => void) {
    this.reload = reload;
    this.failed = failed;
  }

  /** `room` is loaded again after a while, unless it already waits to be. */
  soon(room: R, attempt = 0): void {
    if (this.stopped || this.timers.has(room.code)) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(room.code);
        this.reload(room).catch((error: unknown) => {
          this.failed(error, room.code);
          this.soon(room, attempt + 1);
        });
      },
      Math.min(RELOAD_MAX_MS, RELOAD_MS * 2 ** attempt),
    );
    this.timers.set(room.code, timer);
  }

  /** The process stops: nothing more is loaded (the races stay in the database for the next start). */
  stop(): void {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
