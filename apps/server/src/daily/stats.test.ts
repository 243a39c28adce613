import { expect, test } from 'vitest';
import type { DailyResultRow } from '../repo/types.ts';
import { addResult, currentStreak, totalsOf } from './stats.ts';

const result = (date: string, won: boolean, timeMs = 60_000): DailyResultRow => ({
  date,
  playerId: 'p',
  gameId: `g-${date}`,
  won,
  timeMs,
  moves: 40,
  progress: won ? 104 : 20,
  faceDown: 0,
  verified: true,
  finishedAt: 0,
});

test('wins on following days make a streak; a loss breaks it; the best streak and time stay', () => {
  let totals = addResult(undefined, result('2026-06-01', true, 90_000));
  totals = addResult(totals, result('2026-06-02', true, 60_000));
  expect(totals).toMatchObject({ dailyPlayed: 2, dailyWins: 2, currentStreak: 2, bestStreak: 2, bestTimeMs: 60_000 });
  totals = addResult(totals, result('2026-06-03', false));
  expect(totals).toMatchObject({ dailyPlayed: 3, dailyWins: 2, currentStreak: 0, bestStreak: 2 });
  totals = addResult(totals, result('2026-06-05', true, 70_000));
  expect(totals).toMatchObject({ currentStreak: 1, bestStreak: 2, lastWinDate: '2026-06-05', bestTimeMs: 60_000 });
});

test("a past day's loss recorded after a later win does not break the streak", () => {
  const totals = addResult(addResult(undefined, result('2026-06-02', true)), result('2026-06-01', false));
  expect(totals).toMatchObject({ dailyPlayed: 2, currentStreak: 1 });
});

test('a stored streak is current only while its last win was yesterday or today', () => {
  const totals = { currentStreak: 4, lastWinDate: '2026-06-02' };
  expect(currentStreak(totals, '2026-06-02')).toBe(4);
  expect(currentStreak(totals, '2026-06-03')).toBe(4);
  expect(currentStreak(totals, '2026-06-04')).toBe(0);
  expect(currentStreak({ currentStreak: 0, lastWinDate: null }, '2026-06-04')).toBe(0);
});

test('totals again from the results that count: a held win in the middle of a streak breaks it', () => {
  const days = [result('2026-06-03', true), result('2026-06-01', true, 50_000), result('2026-06-02', true)];
  expect(totalsOf('p', days)).toMatchObject({ dailyPlayed: 3, dailyWins: 3, currentStreak: 3, bestStreak: 3 });
  const withoutSecond = totalsOf('p', [days[0]!, days[1]!]);
  expect(withoutSecond).toMatchObject({ dailyPlayed: 2, dailyWins: 2, currentStreak: 1, bestStreak: 1 });
  expect(withoutSecond.lastWinDate).toBe('2026-06-03');
  expect(totalsOf('p', [])).toEqual({
    playerId: 'p',
    dailyPlayed: 0,
    dailyWins: 0,
    currentStreak: 0,
    bestStreak: 0,
    lastWinDate: null,
    bestTimeMs: null,
  });
});
