import type { Clock } from '../clock.ts';
import type { BoardRow, BoardsRepo } from '../repo/types.ts';

/**
 * A player's own rank is an index count of everyone ahead: tens of milliseconds deep in a
 * day with a million results, on the event loop that also carries the moves. Each player's rank
 * is therefore reused for `ttlMs` (a little stale while new results come in). No result is
 * never cached, so a player's first result shows at once.
 */
export function cachedOwnRank(
  boards: Pick<BoardsRepo, 'dailyRankOf'>,
  now: Clock,
  ttlMs = 15_000,
  maxEntries = 10_000,
) {
  const cache = new Map<string, { row: BoardRow; at: number }>();
  return async (date: string, playerId: string): Promise<BoardRow | undefined> => {
    const key = `${date} ${playerId}`;
    const hit = cache.get(key);
    if (hit && now() - hit.at < ttlMs) return hit.row;
    const row = await boards.dailyRankOf(date, playerId);
    cache.delete(key);
    if (row) {
      // Maps iterate in insertion order: the first key is the oldest.
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
      cache.set(key, { row, at: now() });
    }
    return row;
  };
}
