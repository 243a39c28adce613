import type { GameRow } from '../repo/types.ts';

/**
 * A game's clock at `at` (server clock): the time since it started, less any downtime credited
 * to it (`pausedMs`); once it has ended, its final time. A race game starts with its race, so
 * during the countdown this is still negative.
 */
export function playedMs(row: Pick<GameRow, 'timeMs' | 'startedAt' | 'pausedMs'>, at: number): number {
  return row.timeMs ?? at - row.startedAt - row.pausedMs;
}
