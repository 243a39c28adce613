import { and, eq, sql } from 'drizzle-orm';
import type { PgDb } from '../../db/pg-open.ts';
import { challengeGames, challenges, games } from '../../db/pg-schema.ts';
import type { ChallengesRepo } from '../types.ts';

export function pgChallenges(db: PgDb): ChallengesRepo {
  const bySource = async (sourceGameId: string) =>
    (await db.select().from(challenges).where(eq(challenges.sourceGameId, sourceGameId)))[0];
  return {
    async create(row) {
      const stored = await bySource(row.sourceGameId);
      if (stored) return stored;
      const inserted = await db.insert(challenges).values(row).onConflictDoNothing().returning();
      if (inserted.length === 1) return row;
      // Either the code was taken, or another share of the same game won the race to store.
      return (await bySource(row.sourceGameId)) ?? 'taken';
    },
    async get(code) {
      return (await db.select().from(challenges).where(eq(challenges.code, code)))[0];
    },
    async addGame(code, gameId, playerId) {
      await db.insert(challengeGames).values({ code, gameId, playerId });
    },
    async ofGame(gameId) {
      return (await db.select().from(challengeGames).where(eq(challengeGames.gameId, gameId)))[0]?.code;
    },
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
