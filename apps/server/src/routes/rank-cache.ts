import type { Clock } from '../clock.ts';
import { overriding } from '../cluster/adapters/rank-updates.ts';
import type { BoardRow, BoardsRepo, Repos } from '../repo/types.ts';

/**
 * A player's own rank is an index count of everyone ahead: tens of milliseconds deep in a
 * day with a million results, on the event loop that also carries the moves. Each player's rank
 * is therefore reused for `ttlMs` (a little stale while new results come in). No result is
 * never cached, so a player's first result shows at once; a player whose results are counted
 * again (a result held on its evidence, a mark, a clear) is forgotten, so that it shows at once too.
 */
export class OwnRankCache {
  private readonly cache = new Map<string, { row: BoardRow; at: number }>();
  /** Counts the forgettings: a rank read while one happened may be the old one, and is not kept. */
  private forgotten = 0;

  private readonly boards: Pick<BoardsRepo, 'dailyRankOf'>;
  private readonly now: Clock;
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(boards: Pick<BoardsRepo, 'dailyRankOf'>, now: Clock, ttlMs = 15_000, maxEntries = 10_000) {
    this.boards = boards;
    this.now = now;
    this.ttlMs = ttlMs;
    this.maxEntries = maxEntries;
  }

  async rankOf(date: string, playerId: string): Promise<BoardRow | undefined> {
    const key = `${date} ${playerId}`;
    const hit = this.cache.get(key);
    if (hit && this.now() - hit.at < this.ttlMs) return hit.row;
    const before = this.forgotten;
    const row = await this.boards.dailyRankOf(date, playerId);
    this.cache.delete(key);
    if (row && this.forgotten === before) {
      // Maps iterate in insertion order: the first key is the oldest.
      if (this.cache.size >= this.maxEntries) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(key, { row, at: this.now() });
    }
    return row;
  }

  /**
   * Every day's rank of the player's, gone. A walk over the whole cache (at most `maxEntries`,
   * well under a millisecond): it happens only when a player's results are counted again, rarely.
   */
  forget(playerId: string): void {
    this.forgotten++;
    const suffix = ` ${playerId}`;
    for (const key of this.cache.keys()) if (key.endsWith(suffix)) this.cache.delete(key);
  }
}

/**
 * The same repositories, except that counting a player's results again forgets their cached
 * rank, after the new counts are stored (a rank read meanwhile may be the old one: it is not
 * kept). A held result then reads "under review" on the next page load, not 15 s later.
 */
export function forgettingRanks(repos: Repos, ranks: OwnRankCache): Repos {
  const boards = overriding(repos.boards, {
    async recount(playerId, totalsOf) {
      const recounted = await repos.boards.recount(playerId, totalsOf);
      ranks.forget(playerId);
      return recounted;
    },
  } satisfies Partial<BoardsRepo>);
  return overriding(repos, { boards });
}
