import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { ProgressTicks, TICK_GRAIN_MS, type Ticked } from './progress-ticks.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const clock = () => performance.now();

/** A race that records when (clock time) its ticks ran, and may schedule itself again. */
function race(ticks: ProgressTicks, again: (at: number) => number | undefined = () => undefined) {
  const ran: number[] = [];
  const r: Ticked = {
    tickDue: undefined,
    progressTick() {
      ran.push(clock());
      const next = again(clock());
      if (next !== undefined) ticks.schedule(r, next);
    },
  };
  return { r, ran };
}

test('a tick runs at its time, or at the next multiple of the grain, never early', async () => {
  const ticks = new ProgressTicks(clock);
  const a = race(ticks);
  const b = race(ticks);
  ticks.schedule(a.r, 500);
  ticks.schedule(b.r, 503);
  await vi.advanceTimersByTimeAsync(499);
  expect([a.ran, b.ran]).toEqual([[], []]);
  await vi.advanceTimersByTimeAsync(1);
  expect([a.ran, b.ran]).toEqual([[500], []]);
  // 503 shares the wake-up at the next multiple of the grain.
  await vi.advanceTimersByTimeAsync(TICK_GRAIN_MS);
  expect([a.ran, b.ran]).toEqual([[500], [510]]);
});

test('races ticking at many times share one timer, and one that schedules itself again keeps ticking', async () => {
  const ticks = new ProgressTicks(clock);
  const races = Array.from({ length: 50 }, (_, i) => race(ticks, (now) => (now < 2000 ? now + 500 + i : undefined)));
  for (const [i, { r }] of races.entries()) ticks.schedule(r, 100 + i * 7);
  expect(vi.getTimerCount()).toBe(1);
  await vi.advanceTimersByTimeAsync(3000);
  expect(vi.getTimerCount()).toBe(0);
  for (const [i, { ran }] of races.entries()) {
    expect(ran.length).toBeGreaterThanOrEqual(4);
    // Each at or after its time, and within a grain of it.
    let due = 100 + i * 7;
    for (const at of ran) {
      expect(at).toBeGreaterThanOrEqual(due);
      expect(at - due).toBeLessThan(TICK_GRAIN_MS);
      due = at + 500 + i;
    }
  }
});

test('scheduling again moves a tick, an earlier one sets the timer sooner, and a cancelled or stopped tick never runs', async () => {
  const ticks = new ProgressTicks(clock);
  const a = race(ticks);
  const b = race(ticks);
  ticks.schedule(a.r, 500);
  ticks.schedule(a.r, 200);
  // The race carries when its tick is due: moved to the earlier time, gone once it ran.
  expect(a.r.tickDue).toBe(200);
  await vi.advanceTimersByTimeAsync(200);
  expect(a.ran).toEqual([200]);
  expect(a.r.tickDue).toBeUndefined();

  ticks.schedule(a.r, 300);
  ticks.schedule(b.r, 300);
  ticks.cancel(a.r);
  expect(a.r.tickDue).toBeUndefined();
  await vi.advanceTimersByTimeAsync(100);
  expect([a.ran, b.ran]).toEqual([[200], [300]]);

  ticks.schedule(a.r, 400);
  ticks.stop();
  expect(vi.getTimerCount()).toBe(0);
  await vi.advanceTimersByTimeAsync(1000);
  expect(a.ran).toEqual([200]);
});
