import { and, eq } from 'drizzle-orm';
import type { PuzzleSkill, PuzzlesRepo } from '../ports/puzzles.ts';
import type { Store } from '../store.ts';

const skill = (row: { mu: number; sigma: number; games: number }): PuzzleSkill => ({
  mu: row.mu,
  sigma: row.sigma,
  games: row.games,
});

/** Puzzle ratings and attempts, the same queries on either store. */
export function sharedPuzzles({ db, t, isUniqueViolation }: Store): PuzzlesRepo {
  const { puzzleAttempts, puzzlePlayers, puzzleRatings } = t;
  return {
    async playerRating(playerId) {
      const [row] = await db.select().from(puzzlePlayers).where(eq(puzzlePlayers.playerId, playerId));
      return row && skill(row);
    },
    async puzzleRating(puzzleId) {
      const [row] = await db.select().from(puzzleRatings).where(eq(puzzleRatings.puzzleId, puzzleId));
      return row && skill(row);
    },
    async puzzleRatings() {
      const rows = await db.select().from(puzzleRatings);
      return new Map(rows.map((row) => [row.puzzleId, skill(row)]));
    },
    async openAttempt(playerId) {
      const [row] = await db
        .select()
        .from(puzzleAttempts)
        .where(and(eq(puzzleAttempts.playerId, playerId), eq(puzzleAttempts.status, 'open')));
      return row;
    },
    async attempt(id) {
      const [row] = await db.select().from(puzzleAttempts).where(eq(puzzleAttempts.id, id));
      return row;
    },
    async playedIds(playerId) {
      const rows = await db
        .select({ puzzleId: puzzleAttempts.puzzleId })
        .from(puzzleAttempts)
        .where(eq(puzzleAttempts.playerId, playerId));
      return new Set(rows.map((row) => row.puzzleId));
    },
    async start(row) {
      try {
        await db.insert(puzzleAttempts).values(row);
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
    async advance(id, fromStep) {
      const result = await db
        .update(puzzleAttempts)
        .set({ step: fromStep + 1 })
        .where(and(eq(puzzleAttempts.id, id), eq(puzzleAttempts.status, 'open'), eq(puzzleAttempts.step, fromStep)))
        .returning({ id: puzzleAttempts.id });
      return result.length > 0;
    },
    async finish(attempt, fromStep, status, at, ratings) {
      const result = await db
        .update(puzzleAttempts)
        .set({ status, endedAt: at, step: status === 'solved' ? fromStep + 1 : fromStep })
        .where(
          and(eq(puzzleAttempts.id, attempt.id), eq(puzzleAttempts.status, 'open'), eq(puzzleAttempts.step, fromStep)),
        )
        .returning({ id: puzzleAttempts.id });
      if (result.length === 0) return false;
      const player = { playerId: attempt.playerId, ...ratings.player };
      await db
        .insert(puzzlePlayers)
        .values(player)
        .onConflictDoUpdate({ target: puzzlePlayers.playerId, set: ratings.player });
      await db
        .insert(puzzleRatings)
        .values({ puzzleId: attempt.puzzleId, ...ratings.puzzle })
        .onConflictDoUpdate({ target: puzzleRatings.puzzleId, set: ratings.puzzle });
      return true;
    },
  };
}
