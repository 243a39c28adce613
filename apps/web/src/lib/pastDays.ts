/*
 * Past days' addresses, apart from format.ts: only pages loaded later read them, so they stay
 * out of a first visit's JavaScript.
 */

/** A past day's own page: its boards, and its deal to play late as practice. */
export function pastDailyPath(date: string): string {
  return `/daily/${date}`;
}

/** The day before `date` (both `YYYY-MM-DD`, UTC). */
export function yesterday(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}
