import { expect, test } from 'vitest';
import { RateLimit } from './rate-limit.ts';

function run(limit: RateLimit, perSecond: number, seconds: number, start = 0) {
  const counts = { ok: 0, refuse: 0, cut: 0 };
  for (let i = 0; i < perSecond * seconds; i++) counts[limit.take(start + (i * 1000) / perSecond)]++;
  return counts;
}

test('two moves a second, for ever, are always fine', () => {
  expect(run(new RateLimit(20, 40, 20, 0), 2, 600)).toEqual({ ok: 1200, refuse: 0, cut: 0 });
});

test('a burst of 40 passes; beyond it frames are refused', () => {
  const limit = new RateLimit(20, 40, 20, 0);
  const counts = { ok: 0, refuse: 0, cut: 0 };
  for (let i = 0; i < 50; i++) counts[limit.take(0)]++;
  expect(counts).toEqual({ ok: 40, refuse: 10, cut: 0 });
});

test('a sustained flood above 20 a second is cut off', () => {
  const counts = run(new RateLimit(20, 40, 20, 0), 30, 20);
  expect(counts.cut).toBeGreaterThan(0);
});
