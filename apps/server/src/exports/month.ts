/**
 * The months of the open-data export (docs/open-data.md): `YYYY-MM`, UTC. A month is offered
 * once it has closed, so that its file never changes under a data user's checksum.
 */

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The month `text` names, or null when it is not one (`2026-13`, `2026-1`, `latest`). */
export function parseMonth(text: string): { readonly year: number; readonly month: number } | null {
  const found = MONTH.exec(text);
  return found ? { year: Number(found[1]), month: Number(found[2]) } : null;
}

/** `[from, to)` in ms: the month's first instant and the next month's. */
export function monthRange(month: string): { readonly from: number; readonly to: number } {
  const parsed = parseMonth(month);
  if (!parsed) throw new Error(`not a month: ${month}`);
  return { from: Date.UTC(parsed.year, parsed.month - 1, 1), to: Date.UTC(parsed.year, parsed.month, 1) };
}

/** The month an instant falls in. */
export function monthOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

/** The last month that has closed at `now`: the one before `now`'s. */
export function lastClosedMonth(now: number): string {
  const date = new Date(now);
  return monthOf(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1));
}

/** Whether `month` is over at `now` (its last UTC day has ended). */
export function monthIsClosed(month: string, now: number): boolean {
  return monthRange(month).to <= now;
}

/** Every date (`YYYY-MM-DD`) of the month, in order. */
export function datesOf(month: string): string[] {
  const { from, to } = monthRange(month);
  const dates: string[] = [];
  for (let at = from; at < to; at += 86_400_000) dates.push(new Date(at).toISOString().slice(0, 10));
  return dates;
}
