import { asc, desc, eq, inArray } from 'drizzle-orm';
import { unmarked } from '../rows.ts';
import type { Store } from '../store.ts';
import type { RatingsRepo } from '../types.ts';

export function sharedRatings({ db, t }: Store): RatingsRepo {
  const { players, ratingHistory, ratings } = t;
  const columns = {
    playerId: ratings.playerId,
    nickname: players.nickname,
    mu: ratings.mu,
    sigma: ratings.sigma,
    games: ratings.games,
    established: ratings.established,
  };
  const rows = () => db.select(columns).from(ratings).innerJoin(players, eq(players.id, ratings.playerId));
  return {
    async of(playerIds) {
      if (playerIds.length === 0) return [];
      return rows().where(inArray(ratings.playerId, [...playerIds]));
    },
    async history(playerId, limit) {
      const latest = await db
        .select()
        .from(ratingHistory)
        .where(eq(ratingHistory.playerId, playerId))
        .orderBy(desc(ratingHistory.at), desc(ratingHistory.games))
        .limit(limit);
      return latest.reverse().map(({ playerId: _, ...point }) => point);
    },
    async board(offset, limit) {
      return rows()
        .where(unmarked(ratings.playerId))
        .orderBy(desc(ratings.established), desc(ratings.mu), asc(ratings.playerId))
        .limit(limit)
        .offset(offset);
    },
  };
}
