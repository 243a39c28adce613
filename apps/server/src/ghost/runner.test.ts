import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { WINNING } from '../test/deals.ts';
import { recorded } from '../test/recorded.ts';
import { GHOST_CHECK_MS, GhostRunner } from './runner.ts';
import { GhostTimeline } from './timeline.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

test('the runner emits each move of the ghost when the server clock reaches it, follows a jump, and stops at the end', () => {
  const { row, log } = recorded(
    WINNING.moves.slice(0, 3).map((action, i) => ({ at: (i + 1) * 1000, action })),
    { status: 'won', timeMs: 60_000 },
  );
  let now = 0;
  const emitted: number[] = [];
  const runner = new GhostRunner({
    timeline: GhostTimeline.of(row, log),
    now: () => now,
    elapsedAt: (at) => at,
    emit: (point) => emitted.push(point.moves),
  });
  expect(runner.start().point.moves).toBe(0);
  // Real time passes but the server's clock does not: the ghost stays where it is.
  vi.advanceTimersByTime(5 * GHOST_CHECK_MS);
  expect(emitted).toEqual([]);
  now = 1000;
  vi.advanceTimersByTime(GHOST_CHECK_MS);
  expect(emitted).toEqual([1]);
  // The clock jumps past two moves: one emission, where the ghost stands now.
  now = 30_000;
  vi.advanceTimersByTime(GHOST_CHECK_MS);
  expect(emitted).toEqual([1, 3]);
  now = 60_000;
  vi.advanceTimersByTime(GHOST_CHECK_MS);
  expect(emitted).toEqual([1, 3, 3]);
  expect(runner.running).toBe(false);
  expect(vi.getTimerCount()).toBe(0);
});

test('a stopped runner emits nothing more', () => {
  const { row, log } = recorded([{ at: 1000, action: WINNING.moves[0]! }], { status: 'won', timeMs: 2000 });
  let now = 0;
  const emitted: number[] = [];
  const runner = new GhostRunner({
    timeline: GhostTimeline.of(row, log),
    now: () => now,
    elapsedAt: (at) => at,
    emit: (point) => emitted.push(point.moves),
  });
  runner.start();
  runner.stop();
  now = 5000;
  vi.advanceTimersByTime(10 * GHOST_CHECK_MS);
  expect(emitted).toEqual([]);
  expect(vi.getTimerCount()).toBe(0);
});
