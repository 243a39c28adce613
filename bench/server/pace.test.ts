import { expect, test } from 'vitest';
import { type PaceClock, pace } from './pace.ts';

/**
 * A clock whose timers fire in order of their due time, each at that time unless the event loop
 * is `late`: then every timer due by `late.at` fires at `late.until`, in one go, as after a pause.
 */
function scriptedClock(late?: { at: number; until: number }) {
  let now = 0;
  let next = 0;
  const timers = new Map<number, { due: number; run: () => void }>();
  const clock: PaceClock = {
    now: () => now,
    setTimeout: (run, ms) => {
      timers.set(next, { due: now + ms, run });
      return next++;
    },
    clearTimeout: (id) => timers.delete(id as number),
  };
  const runUntil = (end: number) => {
    for (;;) {
      const [id, timer] = [...timers].sort(([a, x], [b, y]) => x.due - y.due || a - b)[0] ?? [];
      if (id === undefined || timer === undefined || timer.due > end) break;
      timers.delete(id);
      now = Math.max(now, late && timer.due >= late.at && timer.due <= late.until ? late.until : timer.due);
      timer.run();
    }
    now = end;
  };
  return { clock, runUntil, pending: () => timers.size };
}

/** `act`'s calls as [player, time]. */
function record(clock: PaceClock, count: number, period: number) {
  const calls: [number, number][] = [];
  const stop = pace(count, period, (i) => calls.push([i, clock.now()]), clock);
  return { calls, stop };
}

test('each player acts once a period at its own phase', () => {
  const { clock, runUntil } = scriptedClock();
  const { calls } = record(clock, 4, 100);
  runUntil(399);
  expect(calls.filter(([i]) => i === 0).map(([, t]) => t)).toEqual([0, 100, 200, 300]);
  expect(calls.filter(([i]) => i === 3).map(([, t]) => t)).toEqual([75, 175, 275, 375]);
  expect(calls).toHaveLength(16);
});

test('after a pause the players go back to their own phases instead of moving in step', () => {
  // The loop is 40 ms late at 100: players 0 and 1 (due at 100 and 125) act together at 140.
  const { clock, runUntil } = scriptedClock({ at: 100, until: 140 });
  const { calls } = record(clock, 4, 100);
  runUntil(399);
  expect(calls.filter(([, t]) => t === 140).map(([i]) => i)).toEqual([0, 1]);
  expect(calls.filter(([i]) => i === 0).map(([, t]) => t)).toEqual([0, 140, 200, 300]);
  expect(calls.filter(([i]) => i === 1).map(([, t]) => t)).toEqual([25, 140, 225, 325]);
});

test('a player kept waiting more than a period skips the moves it missed', () => {
  const { clock, runUntil } = scriptedClock({ at: 100, until: 350 });
  const { calls } = record(clock, 1, 100);
  runUntil(599);
  expect(calls.map(([, t]) => t)).toEqual([0, 350, 400, 500]);
});

test('stopping cancels every timer', () => {
  const { clock, runUntil, pending } = scriptedClock();
  const { calls, stop } = record(clock, 3, 100);
  runUntil(150);
  stop();
  expect(pending()).toBe(0);
  runUntil(1000);
  expect(calls).toHaveLength(5);
});
