import { FIRST_DAILY_DATE } from '@scorpion/protocol';

/** The days whose daily board can be picked. */
export interface BoardDays {
  readonly first: string;
  readonly last: string;
}

/**
 * From the first daily to today on the server's clock (UTC, the daily's time zone). The server
 * takes one day more (see `FIRST_DAILY_DATE`), so a clock estimate a little ahead is still fine.
 */
export function boardDays(serverNow: number): BoardDays {
  return { first: FIRST_DAILY_DATE, last: new Date(serverNow).toISOString().slice(0, 10) };
}

/**
 * Whether `date` is a real calendar day (`YYYY-MM-DD`, not 30 February) within `days`: only such
 * a date, from the date field or an address typed by hand, is asked of the server.
 */
export function isBoardDay(date: string, days: BoardDays): boolean {
  if (!/^\d{4}-\d\d-\d\d$/.test(date)) return false;
  const time = Date.parse(`${date}T00:00:00Z`);
  // Date.parse rolls 2026-02-30 over to 2 March: a real day reads back the same.
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== date) return false;
  return date >= days.first && date <= days.last;
}
