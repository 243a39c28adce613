import { type AnyColumn, type SQL, sql, type Table } from 'drizzle-orm';

/** What the credit reads of the games table, in either dialect's schema. */
interface DealColumns {
  readonly closesAt: AnyColumn;
  readonly arenaId: AnyColumn;
}

/** What the credit reads of the arenas table, in either dialect's schema. */
type ArenaTable = Table & { readonly id: AnyColumn; readonly endsAt: AnyColumn };

/**
 * An arena deal's `closes_at` once `credit` (an SQL expression of the downtime credited to the
 * same game's `paused_ms`, in ms) is taken off its clock: its limit moves by the credit, but
 * never past the arena's end, which stays where the schedule put it (docs/arenas.md, "Server
 * downtime"): a deal pushed past the end is cut short by it and counts for nothing. NULL (every
 * game that is not an arena deal) stays NULL. Written with CASE, the same in both dialects
 * (SQLite's `min` and PostgreSQL's `LEAST` treat NULL apart). Both engines evaluate every SET
 * expression on the row as it was, so `credit` reads the old `paused_ms` here as there.
 */
export function creditedClose(games: DealColumns, arenas: ArenaTable, credit: SQL): SQL {
  const ends = sql`(SELECT ${arenas.endsAt} FROM ${arenas} WHERE ${arenas.id} = ${games.arenaId})`;
  const moved = sql`(${games.closesAt} + ${credit})`;
  return sql`CASE WHEN ${games.closesAt} IS NULL THEN NULL WHEN ${ends} < ${moved} THEN ${ends} ELSE ${moved} END`;
}
