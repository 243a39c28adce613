import type { Profile } from '@scorpion/protocol';
import { currentStreak } from '../daily/stats.ts';
import type { DailyResultRow, PlayerTotals } from '../repo/types.ts';

/** The middle value (the mean of the two middle ones for an even count), or null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/**
 * A profile's daily part: the counted totals (played, wins, streaks, best time: what the all-time
 * boards read), the median of the winning times among `recent` (the last year's ranked dailies)
 * and the calendar of those days.
 */
export function dailySummary(
  totals: PlayerTotals | undefined,
  recent: readonly DailyResultRow[],
  today: string,
): Profile['daily'] {
  const played = totals?.dailyPlayed ?? 0;
  const wins = totals?.dailyWins ?? 0;
  return {
    played,
    wins,
    solveRate: played > 0 ? wins / played : null,
    currentStreak: totals ? currentStreak(totals, today) : 0,
    bestStreak: totals?.bestStreak ?? 0,
    bestTimeMs: totals?.bestTimeMs ?? null,
    medianTimeMs: median(recent.filter((d) => d.won && d.verified).map((d) => d.timeMs)),
    days: recent.map((d) => ({ date: d.date, won: d.won })),
  };
}
