import { expect, test } from 'vitest';
import { dailyIsPublic, practiceIsPublic, raceIsPublic } from './secrecy.ts';

test('a deal is public only once its game, its day or its race is over', () => {
  expect(practiceIsPublic('playing')).toBe(false);
  expect(practiceIsPublic('gave-up')).toBe(true);
  expect(dailyIsPublic('2026-06-01', '2026-06-01')).toBe(false);
  expect(dailyIsPublic('2026-06-01', '2026-06-02')).toBe(true);
  expect(raceIsPublic({ status: 'racing' })).toBe(false);
  expect(raceIsPublic({ status: 'finished' })).toBe(true);
});
