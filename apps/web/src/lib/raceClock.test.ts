import { describe, expect, it } from 'vitest';
import { timeLeft } from './raceClock.ts';

describe('timeLeft', () => {
  const race = { startsAt: 10_000, endsAt: 10_000 + 600_000 };

  it('reads the whole limit through the countdown, never more', () => {
    expect(timeLeft(race, 7_000)).toBe(600_000);
    expect(timeLeft(race, 10_000)).toBe(600_000);
  });

  it('counts down from the start and stops at zero', () => {
    expect(timeLeft(race, 70_000)).toBe(540_000);
    expect(timeLeft(race, 610_000)).toBe(0);
    expect(timeLeft(race, 700_000)).toBe(0);
  });
});
