import { and, asc, eq, gte } from 'drizzle-orm';
import type { Store } from '../store.ts';
import type { LateRepo, LateWin } from '../types.ts';

/** How many won games of one deal are read at most, to pick each player's best from. */
const READ_AT_MOST = 2_000;

/** A past daily's late board, from the practice games on its seed (the `games_seed` index). */
export function sharedLate({ db, t }: Store): LateRepo {
  const { games, players } = t;
  return {
    async wins(variant, seed, options, since, limit) {
      const rows = await db
        .select({
          gameId: games.id,
          playerId: games.playerId,
          nickname: players.nickname,
          timeMs: games.timeMs,
          moves: games.moves,
          startedAt: games.startedAt,
          variant: games.variant,
          options: games.options,
        })
        .from(games)
        .innerJoin(players, eq(players.id, games.playerId))
        .where(
          and(eq(games.kind, 'practice'), eq(games.seed, seed), eq(games.status, 'won'), gte(games.startedAt, since)),
        )
        .orderBy(asc(games.timeMs), asc(games.moves), asc(games.startedAt), asc(games.id))
        .limit(READ_AT_MOST);
      // The options are JSON (their text is not compared in SQL): the same seed under other options is another deal.
      const best = new Map<string, LateWin>();
      for (const r of rows) {
        if (r.variant !== variant || r.options.foundations !== options.foundations || r.options.open !== options.open)
          continue;
        if (best.has(r.playerId) || r.timeMs === null) continue;
        best.set(r.playerId, {
          gameId: r.gameId,
          playerId: r.playerId,
          nickname: r.nickname,
          timeMs: r.timeMs,
          moves: r.moves,
          startedAt: r.startedAt,
        });
        if (best.size >= limit) break;
      }
      return [...best.values()];
    },
  };
}
