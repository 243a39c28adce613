import { and, eq, sql } from 'drizzle-orm';
import { notHeld, unmarked } from '../rows.ts';
import type { Tables } from '../store.ts';
import { resultColumns } from './boards.ts';

/**
 * The pieces of `BoardsRepo.recount` that both stores share; each store runs them in its own
 * transaction (SQLite's is synchronous, PostgreSQL's takes locks).
 */
export function recountQueries(tables: Tables) {
  const { dailyResults } = tables;
  /** A result counts on its day's board and in the counts: not held on its evidence, its player not marked. */
  const counts = sql<number>`CASE WHEN ${unmarked(dailyResults.playerId)} AND ${notHeld(dailyResults.gameId)} THEN 1 ELSE 0 END`;
  return {
    /** Every verified result of the player, with whether it counts (1 or 0). */
    resultColumns: { ...resultColumns(tables), sortKey: dailyResults.sortKey, counts: counts.mapWith(Number) },
    ofPlayer: (playerId: string) => and(eq(dailyResults.playerId, playerId), eq(dailyResults.verified, true)),
    /** The day's counted results: how many, and how many won. */
    dayColumns: {
      played: sql<number>`count(*)`.mapWith(Number),
      won: sql<number>`coalesce(sum(CASE WHEN ${dailyResults.won} THEN 1 ELSE 0 END), 0)`.mapWith(Number),
    },
    countedOn: (date: string) =>
      and(
        eq(dailyResults.date, date),
        eq(dailyResults.verified, true),
        unmarked(dailyResults.playerId),
        notHeld(dailyResults.gameId),
      ),
  };
}
