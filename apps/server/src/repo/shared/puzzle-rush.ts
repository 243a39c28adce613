import { and, desc, eq, max } from 'drizzle-orm';
import type { PuzzleRushRepo } from '../ports/puzzle-rush.ts';
import type { Store } from '../store.ts';

/** Puzzle rush runs, the same queries on either store. */
export function sharedPuzzleRush({ db, t }: Store): PuzzleRushRepo {
  const { puzzleRushes } = t;
  return {
    async start(row) {
      await db.insert(puzzleRushes).values(row);
    },
    async run(id) {
      const [row] = await db.select().from(puzzleRushes).where(eq(puzzleRushes.id, id));
      return row;
    },
    async openRuns(playerId) {
      return db
        .select()
        .from(puzzleRushes)
        .where(and(eq(puzzleRushes.playerId, playerId), eq(puzzleRushes.status, 'open')))
        .orderBy(desc(puzzleRushes.startedAt), desc(puzzleRushes.id));
    },
    async update(id, from, change) {
      const result = await db
        .update(puzzleRushes)
        .set(change)
        .where(
          and(
            eq(puzzleRushes.id, id),
            eq(puzzleRushes.status, 'open'),
            eq(puzzleRushes.at, from.at),
            eq(puzzleRushes.step, from.step),
          ),
        )
        .returning({ id: puzzleRushes.id });
      return result.length > 0;
    },
    async best(playerId) {
      const [row] = await db
        .select({ best: max(puzzleRushes.score) })
        .from(puzzleRushes)
        .where(and(eq(puzzleRushes.playerId, playerId), eq(puzzleRushes.status, 'over')));
      return row?.best ?? undefined;
    },
  };
}
