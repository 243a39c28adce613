import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { histogram, TIME_GRAIN_MS } from './histogram.ts';
import { TimeBin } from './rest.ts';

const ones = (times: readonly number[]) => times.map((t) => [t, 1] as const);

/** What the server keeps instead of the times: how many fall in each grain. */
function perGrain(times: readonly number[]): [number, number][] {
  const counts = new Map<number, number>();
  for (const t of times) {
    const start = Math.floor(t / TIME_GRAIN_MS) * TIME_GRAIN_MS;
    counts.set(start, (counts.get(start) ?? 0) + 1);
  }
  return [...counts];
}

describe('histogram', () => {
  it('bins times with a round width and marks the player', () => {
    const bins = histogram(ones([61_000, 75_000, 130_000, 250_000, 131_000]), 131_000);
    expect(bins.every((b) => b.to - b.from === 30_000)).toBe(true);
    expect(bins.reduce((n, b) => n + b.count, 0)).toBe(5);
    expect(bins.filter((b) => b.mine)).toHaveLength(1);
    expect(bins.find((b) => b.mine)).toMatchObject({ from: 120_000, count: 2 });
    expect(bins.length).toBeLessThanOrEqual(12);
  });

  it('widens a lone time into a few bins around it', () => {
    const bins = histogram(ones([33_000]), 33_000);
    expect(bins.length).toBe(5);
    expect(bins.filter((b) => b.count === 1)).toHaveLength(1);
    expect(bins[0]!.from).toBeGreaterThanOrEqual(0);
  });

  it('is empty without times', () => {
    expect(histogram([], undefined)).toEqual([]);
  });

  it('keeps to 12 bins for a spread of a whole day, and beyond the round widths', () => {
    const day = histogram(ones([40_000, 23 * 3_600_000]), undefined);
    expect(day.length).toBeLessThanOrEqual(12);
    expect(day[0]!.to - day[0]!.from).toBe(2 * 3_600_000);
    const week = histogram(ones([0, 7 * 24 * 3_600_000]), undefined);
    expect(week.length).toBeLessThanOrEqual(12);
    expect((week[0]!.to - week[0]!.from) % (3 * 3_600_000)).toBe(0);
  });

  it('counts per grain give the same bins as the times themselves', () => {
    const time = fc.integer({ min: 0, max: 30 * 3_600_000 });
    fc.assert(
      fc.property(fc.array(time, { minLength: 1, maxLength: 200 }), fc.nat(), (times, pick) => {
        const mine = times[pick % times.length]!;
        const exact = histogram(ones(times), mine);
        expect(histogram(perGrain(times), mine)).toEqual(exact);
        expect(exact.length).toBeLessThanOrEqual(12);
        expect(exact.reduce((n, b) => n + b.count, 0)).toBe(times.length);
        for (const bin of exact) expect(TimeBin.parse(bin)).toEqual(bin);
      }),
    );
  });
});
