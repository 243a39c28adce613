/* How long the tab's socket waits before it knocks again, and when a connection counts as back. */

/**
 * The last wait is 5 s: a room's owner that dies is replaced once its 5 s lease lapses. With
 * waits growing to 8 s, two racers in Chromium were back 6.6 and 19–20 s after the owner was
 * killed (`pnpm cluster`, two looks); with 5 s, 5–13 s (three looks).
 */
const BACKOFF_MS = [300, 1000, 2000, 3000, 5000];

/**
 * A welcome alone does not end the backoff: a socket is let in and then sent away (a 4009 while
 * a room's owner dies and another takes over), and every welcome makes the page send its
 * room-join again. Only a connection that has held this long counts as back.
 */
export const SETTLED_MS = 5000;

/**
 * Each wait is spread over ±50% at random: after a server restart every open tab loses its socket
 * at the same instant, and without a spread they would all knock again at the same instants too.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]!;
  return Math.round(base * (0.5 + random()));
}
