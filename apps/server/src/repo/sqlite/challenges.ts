import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { challengeGames } from '../../db/schema.ts';
import { sharedChallenges } from '../shared/challenges.ts';
import type { ChallengesRepo } from '../types.ts';
import { sqliteStore } from './store.ts';

export function sqliteChallenges(db: Db): ChallengesRepo {
  return {
    ...sharedChallenges(sqliteStore(db)),
    async gamesOf(code, playerId) {
      return db
        .select({ gameId: challengeGames.gameId })
        .from(challengeGames)
        .where(and(eq(challengeGames.code, code), eq(challengeGames.playerId, playerId)))
        .orderBy(asc(sql`rowid`))
        .all()
        .map((r) => r.gameId);
    },
  };
}
