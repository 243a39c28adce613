import { describe, expect, it } from 'vitest';
import { READ_MS, timingOf } from './timing.ts';

describe('timingOf', () => {
  it("a person's times: long pauses and quick follow-ups, a wide spread", () => {
    const timing = timingOf([4_000, 800, 250, 12_000, 1_500, 600, 9_000]);
    expect(timing).toMatchObject({ moves: 7, medianMs: 1_500, fast: 1 });
    expect(timing.spread).toBeGreaterThan(1);
  });

  it("a script's times: flat, and faster than a board is read", () => {
    const timing = timingOf([120, 118, 121, 119, 120, 122]);
    expect(timing).toMatchObject({ moves: 6, medianMs: 120, fast: 6 });
    expect(timing.spread).toBeLessThan(0.05);
  });

  it('the read threshold is strict, and no moves is no evidence', () => {
    expect(timingOf([READ_MS, READ_MS - 1]).fast).toBe(1);
    expect(timingOf([])).toEqual({ moves: 0, medianMs: 0, spread: 0, fast: 0 });
  });
});
