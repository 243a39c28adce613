import { describe, expect, it } from 'vitest';
import { counted, dailyName, formatDuration, ordinal, outcomeWords, shareText, standing } from './format.ts';
import { pastDailyPath, yesterday } from './pastDays.ts';

describe('format', () => {
  it("names a past day's page and the day before, across months and years", () => {
    expect(pastDailyPath('2026-03-01')).toBe('/daily/2026-03-01');
    expect(yesterday('2026-03-01')).toBe('2026-02-28');
    expect(yesterday('2027-01-01')).toBe('2026-12-31');
  });

  it('says how a game ended in words, never as its status code', () => {
    expect((['won', 'gave-up', 'timed-out', 'playing'] as const).map(outcomeWords)).toEqual([
      'solved',
      'gave up',
      'time ran out',
      'not finished',
    ]);
  });

  it('writes times and the share line', () => {
    expect(formatDuration(261_000)).toBe('4:21');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
    expect(formatDuration(-500)).toBe('0:00');
    expect([0, 1, 2, 1234].map((n) => counted(n, 'move'))).toEqual(['0 moves', '1 move', '2 moves', '1,234 moves']);
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal).join(' ')).toBe(
      '1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 101st',
    );
  });

  it('names the daily by its number, as every page and the share do', () => {
    expect(dailyName(332)).toBe('Daily #332');
  });

  it('shares a solve with its time and a give-up without one, each with the link to its day', () => {
    const link = 'https://example.org/leaderboards?tab=daily&date=2026-11-24';
    const base = { day: 123, timeMs: 261_400, total: 52 };
    expect(shareText({ ...base, won: true, moves: 187, progress: 52 }, link)).toBe(
      `Scorpion Race Daily #123 ✅ 4:21 · 187 moves\n${link}`,
    );
    expect(shareText({ ...base, won: false, moves: 1, progress: 13 }, link)).toBe(
      `Scorpion Race Daily #123 ❌ 13/52 built · 1 move\n${link}`,
    );
  });

  it('ranks solvers and never gives a place to anyone else', () => {
    expect(standing({ won: true, rank: 2 }, 5)).toEqual({ figure: '2nd', caption: 'of 5 solvers today' });
    expect(standing({ won: true, rank: 1 }, 1)).toEqual({ figure: '1st', caption: 'of 1 solver today' });
    expect(standing({ won: false, rank: 1 }, 0).figure).toBe('Unranked');
  });
});
