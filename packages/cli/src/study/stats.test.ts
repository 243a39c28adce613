import { expect, it } from 'vitest';
import { quantile, wilson } from './stats.ts';

it('wilson gives the published 95% intervals, within 0 and 1 at the ends', () => {
  // Newcombe (1998), Statistics in Medicine 17, table I: 81/263 → 0.2553–0.3662; 0/10 and 5/10 by the same formula.
  const close = (x: { low: number; high: number }, low: number, high: number) => {
    expect(x.low).toBeCloseTo(low, 4);
    expect(x.high).toBeCloseTo(high, 4);
  };
  close(wilson(81, 263), 0.2553, 0.3662);
  close(wilson(5, 10), 0.2366, 0.7634);
  close(wilson(0, 10), 0, 0.2775);
  close(wilson(10, 10), 0.7225, 1);
  expect(wilson(0, 0)).toEqual({ low: 0, high: 1 });
});

it('quantile is the nearest rank', () => {
  const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
  expect(quantile(sorted, 0.5)).toBe(50);
  expect(quantile(sorted, 0.99)).toBe(99);
  expect(quantile([7], 0.99)).toBe(7);
  expect(quantile([], 0.5)).toBeNaN();
});
