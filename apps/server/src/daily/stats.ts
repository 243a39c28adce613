import { previousDate } from '../clock.ts';
import type { DailyFinish, DailyFlag, DailyResultRow, PlayerTotals } from '../repo/types.ts';

/** A player's daily totals after one more counted result (`before`: none yet). */
export function addResult(before: PlayerTotals | undefined, result: DailyResultRow): PlayerTotals {
  const base = before ?? {
    playerId: result.playerId,
    dailyPlayed: 0,
    dailyWins: 0,
    currentStreak: 0,
    bestStreak: 0,
    lastWinDate: null,
    bestTimeMs: null,
  };
  if (result.won) {
    const currentStreak = base.lastWinDate === previousDate(result.date) ? base.currentStreak + 1 : 1;
    return {
      ...base,
      dailyPlayed: base.dailyPlayed + 1,
      dailyWins: base.dailyWins + 1,
      currentStreak,
      bestStreak: Math.max(base.bestStreak, currentStreak),
      lastWinDate: result.date,
      bestTimeMs: base.bestTimeMs === null ? result.timeMs : Math.min(base.bestTimeMs, result.timeMs),
    };
  }
  // A loss breaks the streak, unless a later day's win was already recorded.
  const breaks = base.lastWinDate === null || base.lastWinDate <= result.date;
  return { ...base, dailyPlayed: base.dailyPlayed + 1, currentStreak: breaks ? 0 : base.currentStreak };
}

/** A stored streak is current only while its last win was yesterday or today. */
export function currentStreak(totals: Pick<PlayerTotals, 'lastWinDate' | 'currentStreak'>, today: string): number {
  return totals.lastWinDate !== null && totals.lastWinDate >= previousDate(today) ? totals.currentStreak : 0;
}

/**
 * A ranked result to store with its game's end: only a verified one counts on the boards, and a
 * flagged one (`flag`) is kept apart from them whatever it is. One that does not `count` (its
 * player is marked) is stored without adding to the totals and the day's counts.
 */
export function dailyFinish(result: DailyResultRow, flag?: DailyFlag, counts = true): DailyFinish {
  if (flag) return { result, flag };
  return result.verified && counts ? { result, totals: (before) => addResult(before, result) } : { result };
}

/**
 * A player's daily totals from the results that count, whatever order they were stored in: the
 * totals again after a result stopped counting (held on its evidence, or its player marked) or
 * counts again (cleared). Zeros when none counts, kept as a row so that every read sees them.
 */
export function totalsOf(playerId: string, counted: readonly DailyResultRow[]): PlayerTotals {
  const none: PlayerTotals = {
    playerId,
    dailyPlayed: 0,
    dailyWins: 0,
    currentStreak: 0,
    bestStreak: 0,
    lastWinDate: null,
    bestTimeMs: null,
  };
  const byDate = [...counted].sort((a, b) =>
    a.date < b.date ? -1 : a.date > b.date ? 1 : a.finishedAt - b.finishedAt,
  );
  return byDate.reduce(addResult, none);
}
