import { and, desc, eq, gte, isNull, lt, lte, max, or } from 'drizzle-orm';
import type { PuzzleRushRepo, RushBest } from '../ports/puzzle-rush.ts';
import type { Store } from '../store.ts';

/** Puzzle rush runs, the same queries on either store. */
export function sharedPuzzleRush({ db, t }: Store): PuzzleRushRepo {
  const { marks, puzzleRushes, players } = t;
  /** Ended, or left open with its clock run out by `now`. */
  const overBy = (now: number) =>
    or(eq(puzzleRushes.status, 'over'), and(eq(puzzleRushes.status, 'open'), lte(puzzleRushes.endsAt, now)));
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
    async best(playerId, now) {
      const [row] = await db
        .select({ best: max(puzzleRushes.score) })
        .from(puzzleRushes)
        .where(and(eq(puzzleRushes.playerId, playerId), overBy(now)));
      return row?.best ?? undefined;
    },
    async dayBests(from, to, now, limit) {
      // The day's scoring runs of players not marked (a mark takes a player off every board);
      // sorted here, each player's first is their best (a day's runs are few).
      const rows = await db
        .select({
          playerId: puzzleRushes.playerId,
          nickname: players.nickname,
          score: puzzleRushes.score,
          endedAt: puzzleRushes.endedAt,
          endsAt: puzzleRushes.endsAt,
        })
        .from(puzzleRushes)
        .innerJoin(players, eq(players.id, puzzleRushes.playerId))
        .leftJoin(marks, eq(marks.playerId, puzzleRushes.playerId))
        .where(
          and(
            isNull(marks.playerId),
            gte(puzzleRushes.score, 1),
            or(
              and(eq(puzzleRushes.status, 'over'), gte(puzzleRushes.endedAt, from), lt(puzzleRushes.endedAt, to)),
              and(
                eq(puzzleRushes.status, 'open'),
                gte(puzzleRushes.endsAt, from),
                lt(puzzleRushes.endsAt, to),
                lte(puzzleRushes.endsAt, now),
              ),
            ),
          ),
        );
      const ranked = rows
        .map(({ endsAt, ...row }) => ({ ...row, endedAt: row.endedAt ?? endsAt }))
        .sort((a, b) => b.score - a.score || a.endedAt - b.endedAt || (a.playerId < b.playerId ? -1 : 1));
      const bests = new Map<string, RushBest>();
      for (const row of ranked) {
        if (bests.size >= limit) break;
        if (!bests.has(row.playerId)) bests.set(row.playerId, row);
      }
      return [...bests.values()];
    },
  };
}
