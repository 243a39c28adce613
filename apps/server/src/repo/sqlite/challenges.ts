import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { challengeGames, challenges } from '../../db/schema.ts';
import type { ChallengesRepo } from '../types.ts';

export function sqliteChallenges(db: Db): ChallengesRepo {
  return {
    async create(row) {
      const stored = db.select().from(challenges).where(eq(challenges.sourceGameId, row.sourceGameId)).get();
      if (stored) return stored;
      const changes = db.insert(challenges).values(row).onConflictDoNothing().run().changes;
      if (changes === 1) return row;
      // Either the code was taken, or another share of the same game won the race to store.
      return db.select().from(challenges).where(eq(challenges.sourceGameId, row.sourceGameId)).get() ?? 'taken';
    },
    async get(code) {
      return db.select().from(challenges).where(eq(challenges.code, code)).get();
    },
    async addGame(code, gameId, playerId) {
      db.insert(challengeGames).values({ code, gameId, playerId }).run();
    },
    async ofGame(gameId) {
      return db.select().from(challengeGames).where(eq(challengeGames.gameId, gameId)).get()?.code;
    },
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
