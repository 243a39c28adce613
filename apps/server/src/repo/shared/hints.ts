import { eq, sql } from 'drizzle-orm';
import type { Store } from '../store.ts';
import type { HintsRepo } from '../types.ts';

/** The hints given in each practice game: one row per game that had any. */
export function sharedHints({ db, t }: Store): HintsRepo {
  const { gameHints } = t;
  return {
    async add(gameId, at) {
      const [row] = await db
        .insert(gameHints)
        .values({ gameId, hints: 1, lastAt: at })
        .onConflictDoUpdate({ target: gameHints.gameId, set: { hints: sql`${gameHints.hints} + 1`, lastAt: at } })
        .returning({ hints: gameHints.hints });
      return row!.hints;
    },
    async count(gameId) {
      const [row] = await db.select({ hints: gameHints.hints }).from(gameHints).where(eq(gameHints.gameId, gameId));
      return row?.hints ?? 0;
    },
  };
}
