/** One square of the calendar of days played. */
export interface CalendarDay {
  readonly date: string;
  readonly played: 'won' | 'lost' | null;
}

const DAY_MS = 86_400_000;

/**
 * The last `weeks` weeks up to `today` (UTC dates), as columns of 7 days from Monday; the days
 * after today in its week are left out. `days` are the days played and whether each was won.
 */
export function calendarWeeks(
  today: string,
  days: readonly { date: string; won: boolean }[],
  weeks = 26,
): CalendarDay[][] {
  const played = new Map(days.map((d) => [d.date, d.won]));
  const end = Date.parse(`${today}T00:00:00Z`);
  const weekday = (new Date(end).getUTCDay() + 6) % 7;
  const start = end - (weekday + 7 * (weeks - 1)) * DAY_MS;
  const columns: CalendarDay[][] = [];
  for (let t = start; t <= end; t += DAY_MS) {
    const date = new Date(t).toISOString().slice(0, 10);
    const won = played.get(date);
    if ((t - start) % (7 * DAY_MS) === 0) columns.push([]);
    columns.at(-1)!.push({ date, played: won === undefined ? null : won ? 'won' : 'lost' });
  }
  return columns;
}
