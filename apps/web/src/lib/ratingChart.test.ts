import { describe, expect, it } from 'vitest';
import { chartPoints } from './ratingChart.ts';

describe('rating chart', () => {
  it('spreads races across the width and ratings up the height, higher drawn higher', () => {
    const { points, min, max } = chartPoints([1500, 1600, 1550], 220, 120, 10);
    expect([min, max]).toStrictEqual([1500, 1600]);
    expect(points).toStrictEqual([
      { x: 10, y: 110 },
      { x: 110, y: 10 },
      { x: 210, y: 60 },
    ]);
  });

  it('gives a single race the middle, and a small range at least 100 points', () => {
    const { points, min, max } = chartPoints([1512], 200, 100, 10);
    expect([min, max]).toStrictEqual([1462, 1562]);
    expect(points).toStrictEqual([{ x: 100, y: 50 }]);
    expect(chartPoints([], 200, 100, 10).points).toStrictEqual([]);
  });
});
