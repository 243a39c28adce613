import type { Clock } from '../clock.ts';

/**
 * How long a racer may be away (no open socket) before the race counts them out as having given
 * up. Long enough for a dropped connection, a reload or a short phone call; short enough that a
 * race without a time limit still ends when someone closes the tab for good. The app passes it to
 * the hub, so tests can shorten it.
 */
export const ABSENT_GRACE_MS = 5 * 60_000;

/**
 * Who of a race's players (or which room's host) is away, since when (on the server's clock), and a timer for each
 * that calls `expired` once they have been away for the whole grace. Nothing here is stored: a
 * restarted server starts everyone's grace afresh, so neither the downtime nor anything it
 * forgot counts against a player.
 */
export class Absences {
  private readonly since = new Map<string, number>();
  private readonly timers = new Map<string, NodeJS.Timeout>();

  private readonly now: Clock;
  private readonly graceMs: number;
  private readonly expired: (playerId: string) => void;
  constructor(now: Clock, graceMs: number, expired: (playerId: string) => void) {
    this.now = now;
    this.graceMs = graceMs;
    this.expired = expired;
  }

  /** The player has no socket any more; an absence already running keeps its start. */
  away(playerId: string): void {
    if (this.since.has(playerId)) return;
    this.since.set(playerId, this.now());
    this.arm(playerId);
  }

  /** The player is back: their grace is whole again for the next time. */
  back(playerId: string): void {
    clearTimeout(this.timers.get(playerId));
    this.timers.delete(playerId);
    this.since.delete(playerId);
  }

  /** Away and still within the grace. */
  isAway(playerId: string): boolean {
    return this.since.has(playerId);
  }

  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.since.clear();
  }

  private arm(playerId: string): void {
    const since = this.since.get(playerId)!;
    const timer = setTimeout(
      () => {
        this.timers.delete(playerId);
        if (this.since.get(playerId) !== since) return;
        // Timers run on the process's clock, the grace on the server's: wait for the latter.
        if (this.now() - since < this.graceMs) {
          this.arm(playerId);
          return;
        }
        this.since.delete(playerId);
        this.expired(playerId);
      },
      Math.max(0, since + this.graceMs - this.now()),
    );
    this.timers.set(playerId, timer);
  }
}
