import { and, eq, sql } from 'drizzle-orm';
import type { PgDb } from '../../db/pg-open.ts';
import { challengeGames, games } from '../../db/pg-schema.ts';
import { sharedChallenges } from '../shared/challenges.ts';
import type { ChallengesRepo } from '../types.ts';
import { pgStore } from './store.ts';

export function pgChallenges(db: PgDb): ChallengesRepo {
  return {
    ...sharedChallenges(pgStore(db)),
    async gamesOf(code, playerId) {
      // Oldest first by the game's start; a PostgreSQL table keeps no insertion order of its own.
      const rows = await db
        .select({ gameId: challengeGames.gameId })
        .from(challengeGames)
        .innerJoin(games, eq(games.id, challengeGames.gameId))
        .where(and(eq(challengeGames.code, code), eq(challengeGames.playerId, playerId)))
        .orderBy(sql`${games.startedAt}`, sql`${games.id}`);
      return rows.map((r) => r.gameId);
    },
  };
}
