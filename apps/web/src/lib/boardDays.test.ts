import { describe, expect, it } from 'vitest';
import { boardDays, isBoardDay } from './boardDays.ts';

describe('boardDays', () => {
  const days = boardDays(Date.parse('2026-06-10T23:59:00Z'));

  it('runs from the first daily to the UTC day of the server clock', () => {
    expect(days).toEqual({ first: '2026-01-01', last: '2026-06-10' });
  });

  it('takes only real days within them', () => {
    for (const date of ['2026-01-01', '2026-03-31', '2026-06-10']) expect(isBoardDay(date, days), date).toBe(true);
    const outside = ['2025-12-31', '2026-06-11', '0001-01-01', '-2039-01-01'];
    const notDays = ['2026-02-29', '2026-02-30', '2026-6-1', 'x'];
    for (const date of [...outside, ...notDays]) expect(isBoardDay(date, days), date).toBe(false);
  });
});
