import { describe, expect, it } from 'vitest';
import { calendarWeeks } from './calendar.ts';

describe('calendar of days played', () => {
  it('lays out whole weeks from Monday up to today, marking the days played', () => {
    // 2026-06-10 is a Wednesday.
    const weeks = calendarWeeks(
      '2026-06-10',
      [
        { date: '2026-06-10', won: true },
        { date: '2026-06-02', won: false },
        { date: '2025-01-01', won: true },
      ],
      2,
    );
    expect(weeks).toHaveLength(2);
    expect(weeks[0]!.map((d) => d.date)).toStrictEqual([
      '2026-06-01',
      '2026-06-02',
      '2026-06-03',
      '2026-06-04',
      '2026-06-05',
      '2026-06-06',
      '2026-06-07',
    ]);
    expect(weeks[1]!.map((d) => d.date)).toStrictEqual(['2026-06-08', '2026-06-09', '2026-06-10']);
    expect(weeks[0]![1]!.played).toBe('lost');
    expect(weeks[1]![2]!.played).toBe('won');
    expect(weeks.flat().filter((d) => d.played !== null)).toHaveLength(2);
  });
});
