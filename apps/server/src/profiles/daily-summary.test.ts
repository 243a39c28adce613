import { describe, expect, it } from 'vitest';
import type { DailyResultRow } from '../repo/types.ts';
import { dailySummary, median } from './daily-summary.ts';

const day = (date: string, won: boolean, timeMs: number, verified = true): DailyResultRow => ({
  date,
  playerId: 'p',
  gameId: `g${date}`,
  won,
  timeMs,
  moves: 90,
  progress: 50,
  faceDown: 0,
  verified,
  finishedAt: 0,
});

describe("a profile's daily summary", () => {
  it('takes the middle time, or the mean of the two middle ones', () => {
    expect(median([])).toBeNull();
    expect(median([30, 10, 20])).toBe(20);
    expect(median([40, 10, 20, 30])).toBe(25);
  });

  it('reads the totals, and the median and calendar from the recent days (verified wins only)', () => {
    const totals = {
      playerId: 'p',
      dailyPlayed: 4,
      dailyWins: 3,
      currentStreak: 2,
      bestStreak: 5,
      lastWinDate: '2026-06-09',
      bestTimeMs: 50_000,
    };
    const recent = [
      day('2026-06-09', true, 60_000),
      day('2026-06-08', true, 80_000),
      day('2026-06-07', false, 90_000),
      day('2026-06-06', true, 10_000, false),
    ];
    expect(dailySummary(totals, recent, '2026-06-10')).toStrictEqual({
      played: 4,
      wins: 3,
      solveRate: 0.75,
      currentStreak: 2,
      bestStreak: 5,
      bestTimeMs: 50_000,
      medianTimeMs: 70_000,
      days: [
        { date: '2026-06-09', won: true },
        { date: '2026-06-08', won: true },
        { date: '2026-06-07', won: false },
        { date: '2026-06-06', won: true },
      ],
    });
    // A streak whose last win is older than yesterday is over.
    expect(dailySummary(totals, [], '2026-06-12').currentStreak).toBe(0);
  });

  it('has nothing to say of a player who never played a daily', () => {
    expect(dailySummary(undefined, [], '2026-06-10')).toStrictEqual({
      played: 0,
      wins: 0,
      solveRate: null,
      currentStreak: 0,
      bestStreak: 0,
      bestTimeMs: null,
      medianTimeMs: null,
      days: [],
    });
  });
});
