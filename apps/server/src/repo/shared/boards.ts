import { and, asc, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
// Both dialects' `alias` is the same proxy over a table: SQLite's serves PostgreSQL's tables too.
import { alias } from 'drizzle-orm/sqlite-core';
import { flaggedRow, notHeld, unmarked } from '../rows.ts';
import type { Store, Tables } from '../store.ts';
import type { BoardsRepo, StatsRow } from '../types.ts';

/** `count(*)`, a number in either store (PostgreSQL's is a bigint, which its driver hands over as a string). */
export const countAll = () => sql<number>`count(*)`.mapWith(Number);

/** A best time ascending, no time (no win) after every time: both engines alike (SQLite puts NULL first by default). */
const fastestFirst = (column: SQL.Aliased | { getSQL(): SQL }) => sql`${column} asc nulls last`;

/** A daily result's columns as `DailyResultRow` names them (boards and profiles read them alike). */
export function resultColumns({ dailyResults }: Tables) {
  return {
    date: dailyResults.date,
    playerId: dailyResults.playerId,
    gameId: dailyResults.gameId,
    won: dailyResults.won,
    timeMs: dailyResults.timeMs,
    moves: dailyResults.moves,
    progress: dailyResults.progress,
    faceDown: dailyResults.faceDown,
    verified: dailyResults.verified,
    finishedAt: dailyResults.finishedAt,
  };
}

/** The boards, read alike from either store; the day's win times are each store's own. */
export function sharedBoards({ db, t, snapshot }: Store): Omit<BoardsRepo, 'dailyWinTimes' | 'recount'> {
  const { dailyCounts, dailyFlagged, dailyResults, playerStats, players, raceResults } = t;
  const boardColumns = { ...resultColumns(t), sortKey: dailyResults.sortKey, nickname: players.nickname };
  const statsColumns = {
    playerId: playerStats.playerId,
    nickname: players.nickname,
    dailyPlayed: playerStats.dailyPlayed,
    dailyWins: playerStats.dailyWins,
    currentStreak: playerStats.currentStreak,
    bestStreak: playerStats.bestStreak,
    lastWinDate: playerStats.lastWinDate,
    bestTimeMs: playerStats.bestTimeMs,
  };
  const onBoard = (date: string) =>
    and(
      eq(dailyResults.date, date),
      eq(dailyResults.verified, true),
      unmarked(dailyResults.playerId),
      notHeld(dailyResults.gameId),
    );
  const ranked = <T>(rows: T[], offset: number) => rows.map((r, i) => ({ ...r, rank: offset + i + 1 }));
  const stats = () =>
    db.select(statsColumns).from(playerStats).innerJoin(players, eq(players.id, playerStats.playerId));
  /**
   * A page of a board of daily results. The page's results are picked from an index in the
   * board's whole order alone (`daily_results_board`, `daily_results_fastest`), so OFFSET steps
   * over index entries instead of reading and joining every row it skips; then only the page's
   * rows are read.
   */
  const resultsPage = async (where: SQL | undefined, order: SQL[], offset: number, limit: number) => {
    const page = db
      .select({ date: dailyResults.date, playerId: dailyResults.playerId })
      .from(dailyResults)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    const rows = await db
      .select(boardColumns)
      .from(dailyResults)
      .innerJoin(players, eq(players.id, dailyResults.playerId))
      .where(sql`(${dailyResults.date}, ${dailyResults.playerId}) IN (${page})`)
      .orderBy(...order);
    return ranked(rows, offset);
  };
  /**
   * A page of an all-time board. Ties end with the player id, descending, so the whole order is
   * its index read backwards: the page's players come from the index alone, however deep.
   */
  const statsPage = (order: SQL[], offset: number, limit: number) => {
    const fullOrder = [...order, desc(playerStats.playerId)];
    const page = db
      .select({ playerId: playerStats.playerId })
      .from(playerStats)
      .where(unmarked(playerStats.playerId))
      .orderBy(...fullOrder)
      .limit(limit)
      .offset(offset);
    return stats()
      .where(inArray(playerStats.playerId, page))
      .orderBy(...fullOrder);
  };

  return {
    async daily(date, offset, limit) {
      return resultsPage(
        onBoard(date),
        [asc(dailyResults.sortKey), asc(dailyResults.finishedAt), asc(dailyResults.playerId)],
        offset,
        limit,
      );
    },
    async dailyOrder(date, after, limit) {
      // A row comparison over the board's index (in PostgreSQL player_id is COLLATE "C": byte order, as Redis).
      const key = sql`(${dailyResults.sortKey}, ${dailyResults.finishedAt}, ${dailyResults.playerId})`;
      return db
        .select({ sortKey: dailyResults.sortKey, finishedAt: dailyResults.finishedAt, playerId: dailyResults.playerId })
        .from(dailyResults)
        .where(and(onBoard(date), after && sql`${key} > (${after.sortKey}, ${after.finishedAt}, ${after.playerId})`))
        .orderBy(asc(dailyResults.sortKey), asc(dailyResults.finishedAt), asc(dailyResults.playerId))
        .limit(limit);
    },
    async dailyRankOf(date, playerId) {
      // The result and the two counts ahead of it from one snapshot.
      return snapshot(async (db) => {
        const [mine] = await db
          .select(boardColumns)
          .from(dailyResults)
          .innerJoin(players, eq(players.id, dailyResults.playerId))
          .where(and(onBoard(date), eq(dailyResults.playerId, playerId)));
        if (!mine) return undefined;
        // Two index range counts: strictly better keys, then equal keys that finished earlier.
        const count = async (condition: SQL | undefined) =>
          (
            await db
              .select({ n: countAll() })
              .from(dailyResults)
              .where(and(onBoard(date), condition))
          )[0]!.n;
        const ahead =
          (await count(lt(dailyResults.sortKey, mine.sortKey))) +
          (await count(
            and(
              eq(dailyResults.sortKey, mine.sortKey),
              sql`(${dailyResults.finishedAt}, ${dailyResults.playerId}) < (${mine.finishedAt}, ${mine.playerId})`,
            ),
          ));
        return { ...mine, rank: ahead + 1 };
      });
    },
    async dailyCounts(date) {
      const [r] = await db.select().from(dailyCounts).where(eq(dailyCounts.date, date));
      return { played: r?.played ?? 0, won: r?.won ?? 0 };
    },
    async dailyResultOf(date, playerId) {
      const [found] = await db
        .select(resultColumns(t))
        .from(dailyResults)
        .where(and(onBoard(date), eq(dailyResults.playerId, playerId)));
      return found;
    },
    async dailyFlaggedOf(date, playerId) {
      const [found] = await db
        .select()
        .from(dailyFlagged)
        .where(and(eq(dailyFlagged.date, date), eq(dailyFlagged.playerId, playerId)));
      return found && flaggedRow(found);
    },
    async mostWins(offset, limit) {
      return statsPage([desc(playerStats.dailyWins), fastestFirst(playerStats.bestTimeMs)], offset, limit);
    },
    async longestStreaks(offset, limit) {
      return statsPage(
        [desc(playerStats.bestStreak), desc(playerStats.dailyWins), fastestFirst(playerStats.bestTimeMs)],
        offset,
        limit,
      );
    },
    async fastestWins(offset, limit) {
      return resultsPage(
        and(
          eq(dailyResults.won, true),
          eq(dailyResults.verified, true),
          unmarked(dailyResults.playerId),
          notHeld(dailyResults.gameId),
        ),
        [asc(dailyResults.timeMs), asc(dailyResults.finishedAt), asc(dailyResults.playerId), asc(dailyResults.date)],
        offset,
        limit,
      );
    },
    async statsOf(playerIds): Promise<StatsRow[]> {
      if (playerIds.length === 0) return [];
      return stats().where(inArray(playerStats.playerId, [...playerIds]));
    },
    async racedAmong(playerId, others) {
      if (others.length === 0) return [];
      const other = alias(raceResults, 'other');
      const rows = await db
        .selectDistinct({ playerId: other.playerId })
        .from(raceResults)
        .innerJoin(other, eq(other.raceId, raceResults.raceId))
        .where(and(eq(raceResults.playerId, playerId), inArray(other.playerId, [...others])));
      return rows.map((r) => r.playerId).filter((id) => id !== playerId);
    },
    async headToHead(a, b) {
      const other = alias(raceResults, 'other');
      const [r] = await db
        .select({
          races: countAll(),
          aWins: sql<number>`count(*) FILTER (WHERE ${raceResults.rank} < ${other.rank})`.mapWith(Number),
          bWins: sql<number>`count(*) FILTER (WHERE ${other.rank} < ${raceResults.rank})`.mapWith(Number),
        })
        .from(raceResults)
        .innerJoin(other, eq(other.raceId, raceResults.raceId))
        .where(and(eq(raceResults.playerId, a), eq(other.playerId, b)));
      return r!;
    },
  };
}
