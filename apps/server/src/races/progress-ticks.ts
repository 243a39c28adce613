/** What a progress tick runs: a race's throttled `race-progress` frame. */
export interface Ticked {
  /**
   * When its tick is due (the ticks' slot, clock time), or undefined: set by `ProgressTicks`
   * alone, and carried by the race, so that a move finding a tick due already asks nothing.
   */
  tickDue: number | undefined;
  progressTick(): void;
}

/** How far a tick may be put off so that ticks due close together share one timer (ms). */
export const TICK_GRAIN_MS = 10;

/**
 * One timer for the progress ticks of every race in the process, instead of a `setTimeout` per
 * race per tick. Under load each race ticked about twice a second (1,000 timers a second at 500
 * races), and each timer lived up to a second: long enough to be copied to the old generation,
 * with its closure, and a timer list of its own for every distinct fractional delay.
 *
 * A tick is due at a time on `clock` (the throttle's clock); it runs at the first multiple of
 * `TICK_GRAIN_MS` at or after that time, so at most 100 wake-ups a second serve every race, and
 * a tick is never early. A race has at most one tick due: scheduling again moves it.
 */
export class ProgressTicks {
  /** The races with a tick due (each carries when: `tickDue`). */
  private readonly due = new Set<Ticked>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When `timer` fires (clock time), or +∞ when none is set. */
  private armedFor = Number.POSITIVE_INFINITY;
  private readonly clock: () => number;

  constructor(clock: () => number) {
    this.clock = clock;
  }

  /** `race` ticks at `at` (clock time), or a little after; any tick it had due is moved. */
  schedule(race: Ticked, at: number): void {
    const slot = Math.ceil(at / TICK_GRAIN_MS) * TICK_GRAIN_MS;
    race.tickDue = slot;
    this.due.add(race);
    if (slot < this.armedFor) this.arm(slot);
  }

  /** `race` has no tick due any more (it ended or stopped). */
  cancel(race: Ticked): void {
    race.tickDue = undefined;
    this.due.delete(race);
    if (this.due.size === 0) this.disarm();
  }

  /** No tick runs any more (the process stops); schedules made after this arm it again. */
  stop(): void {
    for (const race of this.due) race.tickDue = undefined;
    this.due.clear();
    this.disarm();
  }

  private readonly onTimer = () => this.fire();

  private arm(slot: number): void {
    clearTimeout(this.timer);
    this.armedFor = slot;
    this.timer = setTimeout(this.onTimer, Math.max(0, slot - this.clock()));
  }

  private disarm(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.armedFor = Number.POSITIVE_INFINITY;
  }

  private fire(): void {
    this.timer = undefined;
    this.armedFor = Number.POSITIVE_INFINITY;
    const now = this.clock();
    // A timer that fires a hair early finds nothing due and is set again for the same slot.
    const ready: Ticked[] = [];
    let next = Number.POSITIVE_INFINITY;
    for (const race of this.due) {
      const slot = race.tickDue!;
      if (slot <= now) ready.push(race);
      else if (slot < next) next = slot;
    }
    for (const race of ready) {
      race.tickDue = undefined;
      this.due.delete(race);
    }
    if (next < Number.POSITIVE_INFINITY) this.arm(next);
    // A tick may schedule its race again (the frame's next turn): after the sweep, not during it.
    for (const race of ready) race.progressTick();
  }
}
