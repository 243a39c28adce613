import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { IDLE_TIMEOUT_MS, type PageEvents, QUIET_MS, QuietGate } from './quiet.ts';

/** A page whose load and idle moments the test decides. */
function page() {
  let onLoad: (() => void) | undefined;
  const idles: { run: () => void; timeoutMs: number }[] = [];
  const events: PageEvents = {
    loaded: (done) => {
      onLoad = done;
    },
    idle: (run, timeoutMs) => idles.push({ run, timeoutMs }),
  };
  return { events, idles, load: () => onLoad?.() };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

test('work waits for load, then the quiet time, then an idle moment', () => {
  const p = page();
  const gate = new QuietGate(p.events);
  const work = vi.fn();
  gate.whenQuiet(work);
  vi.advanceTimersByTime(60_000);
  expect(p.idles).toHaveLength(0);
  p.load();
  vi.advanceTimersByTime(QUIET_MS - 1);
  expect(p.idles).toHaveLength(0);
  vi.advanceTimersByTime(1);
  expect(p.idles).toEqual([{ run: expect.any(Function), timeoutMs: IDLE_TIMEOUT_MS }]);
  expect(work).not.toHaveBeenCalled();
  p.idles[0]!.run();
  expect(work).toHaveBeenCalledOnce();
});

test('a hold keeps the work off for as long as it lasts, and the quiet time starts again at its release', () => {
  const p = page();
  const gate = new QuietGate(p.events);
  const work = vi.fn();
  p.load();
  const release = gate.hold();
  gate.whenQuiet(work);
  vi.advanceTimersByTime(60_000);
  expect(p.idles).toHaveLength(0);
  release();
  release(); // a second release of the same hold counts for nothing
  vi.advanceTimersByTime(QUIET_MS);
  p.idles[0]!.run();
  expect(work).toHaveBeenCalledOnce();
});

test('a hold taken during the quiet time cancels it; one taken before the idle moment wins over it', () => {
  const p = page();
  const gate = new QuietGate(p.events);
  const work = vi.fn();
  p.load();
  gate.whenQuiet(work);
  vi.advanceTimersByTime(QUIET_MS - 1);
  const first = gate.hold();
  vi.advanceTimersByTime(60_000);
  expect(p.idles).toHaveLength(0);
  first();
  vi.advanceTimersByTime(QUIET_MS);
  const second = gate.hold();
  p.idles[0]!.run();
  expect(work).not.toHaveBeenCalled();
  second();
  vi.advanceTimersByTime(QUIET_MS);
  p.idles[1]!.run();
  expect(work).toHaveBeenCalledOnce();
});

test('two holds: the work waits for both', () => {
  const p = page();
  const gate = new QuietGate(p.events);
  const work = vi.fn();
  p.load();
  const a = gate.hold();
  const b = gate.hold();
  gate.whenQuiet(work);
  a();
  vi.advanceTimersByTime(60_000);
  expect(p.idles).toHaveLength(0);
  b();
  vi.advanceTimersByTime(QUIET_MS);
  p.idles[0]!.run();
  expect(work).toHaveBeenCalledOnce();
});
