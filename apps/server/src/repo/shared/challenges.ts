import { eq } from 'drizzle-orm';
import type { Store } from '../store.ts';
import type { ChallengesRepo } from '../types.ts';

/** The challenges; the order of a player's games against one is each store's own. */
export function sharedChallenges({ db, t }: Store): Omit<ChallengesRepo, 'gamesOf'> {
  const { challengeGames, challenges } = t;
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
  };
}
