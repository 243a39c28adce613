import type { Clock } from '../clock.ts';
import type { RaceRow } from '../repo/types.ts';

/**
 * When a race starts and ends, and the timers that say so: "go" at the countdown's end, and the
 * end at its deadline (its time limit, or sooner once someone has solved it and the room gives
 * the others a finish window).
 */
export class RaceClock {
  private readonly timers: NodeJS.Timeout[] = [];
  /**
   * When the first racer solved it (server clock): the race ends `finishWindow` seconds later
   * for whoever still plays. Found again from the stored games after a restart.
   */
  private firstSolve: number | undefined;
  private readonly row: RaceRow;
  private readonly finishWindow: () => number;
  private readonly now: Clock;
  private readonly on: { readonly go: () => void; readonly deadline: () => void };

  /** `finishWindow`: the room's, in seconds (0 waits for everyone). */
  constructor(row: RaceRow, finishWindow: () => number, now: Clock, on: RaceClock['on']) {
    this.row = row;
    this.finishWindow = finishWindow;
    this.now = now;
    this.on = on;
  }

  /** When moves may start (server clock): the countdown's end, moved by any downtime. */
  get startsAt(): number {
    return this.row.startsAt + this.row.pausedMs;
  }

  get deadline(): number | null {
    const limit = this.row.timeLimit > 0 ? this.startsAt + this.row.timeLimit * 60_000 : null;
    const windowMs = this.finishWindow() * 1000;
    if (this.firstSolve === undefined || windowMs === 0) return limit;
    const closing = this.firstSolve + windowMs;
    return limit === null ? closing : Math.min(limit, closing);
  }

  /** When the first racer solved it, if anyone has. */
  get solvedAt(): number | undefined {
    return this.firstSolve;
  }

  /** Starts the timers: "go" at the countdown's end, the end at the deadline. */
  start(): void {
    // A timer may fire a hair before the clock reaches its time; the room would then still read
    // "countdown" and nobody would hear "go". So it waits again for whatever is left.
    const announceStart = () => {
      const left = this.startsAt - this.now();
      if (left > 0) this.timers.push(setTimeout(announceStart, left));
      else this.on.go();
    };
    const untilStart = this.startsAt - this.now();
    if (untilStart > 0) this.timers.push(setTimeout(announceStart, untilStart));
    this.endAtDeadline();
  }

  /**
   * Someone solved it at `at`: true when this first solve starts the others' finish window
   * (and moves the deadline's timer), which everyone is then to see.
   */
  solved(at: number): boolean {
    if (this.firstSolve !== undefined || this.finishWindow() === 0) return false;
    const before = this.deadline;
    this.firstSolve = at;
    if (this.deadline !== before) this.endAtDeadline();
    return true;
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.length = 0;
  }

  /** The timer that ends the race at its deadline, if it has one now. */
  private endAtDeadline(): void {
    const deadline = this.deadline;
    if (deadline === null) return;
    this.timers.push(setTimeout(() => this.on.deadline(), Math.max(0, deadline - this.now())));
  }
}
