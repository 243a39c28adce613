/**
 * The first daily challenge, day 1. A daily board (`GET /api/leaderboards/daily`, `…/times`) is
 * asked for by date from this day to tomorrow on the server's clock (UTC, the daily's time zone);
 * any other date is 400 `bad-message`. Tomorrow, not today, so that a client whose clock runs a
 * little ahead of the server's just after midnight is not refused.
 */
export const FIRST_DAILY_DATE = '2026-01-01';
