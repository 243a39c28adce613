import { expect, test } from 'vitest';
import { dailySortKey } from './sort-key.ts';

const r = (won: boolean, timeMs: number, moves: number, progress: number, faceDown: number) => ({
  won,
  timeMs,
  moves,
  progress,
  faceDown,
});

test('the sort key orders a daily board as the issue says', () => {
  const ordered = [
    r(true, 60_000, 90, 52, 0),
    r(true, 60_000, 95, 52, 0),
    r(true, 61_000, 10, 52, 0),
    r(true, 86_400_000 * 3, 500, 52, 0),
    r(false, 1, 1, 40, 0),
    r(false, 1, 1, 39, 0),
    r(false, 1, 1, 39, 3),
    r(false, 1, 9, 39, 3),
    r(false, 1, 9, 0, 12),
  ];
  const keys = ordered.map(dailySortKey);
  expect([...keys].sort((a, b) => a - b)).toEqual(keys);
  expect(new Set(keys).size).toBe(keys.length);
  expect(Math.max(...keys)).toBeLessThan(Number.MAX_SAFE_INTEGER);
});
