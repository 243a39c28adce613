import { FIRST_DAILY_DATE } from '@scorpion/protocol';

/** The server's clock: the only time anything in a game is measured by. Tests pass their own. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

/** UTC calendar date `YYYY-MM-DD` of a server time. */
export function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

const DAY_ONE = Date.parse(`${FIRST_DAILY_DATE}T00:00:00Z`);
const DAY_MS = 86_400_000;

/** Daily challenge number: 1 on 2026-01-01. */
export function dayNumber(date: string): number {
  return Math.round((Date.parse(`${date}T00:00:00Z`) - DAY_ONE) / DAY_MS) + 1;
}

export function previousDate(date: string): string {
  return daysBefore(date, 1);
}

export function nextDate(date: string): string {
  return daysBefore(date, -1);
}

export function daysBefore(date: string, days: number): string {
  return utcDate(Date.parse(`${date}T00:00:00Z`) - days * DAY_MS);
}
