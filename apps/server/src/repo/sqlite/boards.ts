import { and, asc, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/open.ts';
import { dailyCounts, dailyFlagged, dailyResults, playerStats, players, raceResults } from '../../db/schema.ts';
import { flaggedRow, notHeld, unmarked } from '../rows.ts';
import type { BoardsRepo, StatsRow } from '../types.ts';
import { sqliteWinTimes } from './win-times.ts';

/** A daily result's columns as `DailyResultRow` names them (boards and profiles read them alike). */
export const resultColumns = {
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

const boardColumns = { ...resultColumns, sortKey: dailyResults.sortKey, nickname: players.nickname };

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

export function sqliteBoards(db: Db): BoardsRepo {
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
  const winTimes = sqliteWinTimes(db);
  /**
   * A page of a board of daily results. The page's results are picked from an index in the
   * board's whole order alone (`daily_results_board`, `daily_results_fastest`), so OFFSET steps
   * over index entries instead of reading and joining every row it skips; then only the page's
   * rows are read.
   */
  const resultsPage = (where: SQL | undefined, order: SQL[], offset: number, limit: number) => {
    const page = db
      .select({ date: dailyResults.date, playerId: dailyResults.playerId })
      .from(dailyResults)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    const rows = db
      .select(boardColumns)
      .from(dailyResults)
      .innerJoin(players, eq(players.id, dailyResults.playerId))
      .where(sql`(${dailyResults.date}, ${dailyResults.playerId}) IN (${page})`)
      .orderBy(...order)
      .all();
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
      .orderBy(...fullOrder)
      .all();
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
      const key = sql`(${dailyResults.sortKey}, ${dailyResults.finishedAt}, ${dailyResults.playerId})`;
      return db
        .select({ sortKey: dailyResults.sortKey, finishedAt: dailyResults.finishedAt, playerId: dailyResults.playerId })
        .from(dailyResults)
        .where(and(onBoard(date), after && sql`${key} > (${after.sortKey}, ${after.finishedAt}, ${after.playerId})`))
        .orderBy(asc(dailyResults.sortKey), asc(dailyResults.finishedAt), asc(dailyResults.playerId))
        .limit(limit)
        .all();
    },
    async dailyRankOf(date, playerId) {
      const mine = db
        .select(boardColumns)
        .from(dailyResults)
        .innerJoin(players, eq(players.id, dailyResults.playerId))
        .where(and(onBoard(date), eq(dailyResults.playerId, playerId)))
        .get();
      if (!mine) return undefined;
      // Two index range counts: strictly better keys, then equal keys that finished earlier.
      const count = (condition: SQL | undefined) =>
        db
          .select({ n: sql<number>`count(*)` })
          .from(dailyResults)
          .where(and(onBoard(date), condition))
          .get()!.n;
      const ahead =
        count(lt(dailyResults.sortKey, mine.sortKey)) +
        count(
          and(
            eq(dailyResults.sortKey, mine.sortKey),
            sql`(${dailyResults.finishedAt}, ${dailyResults.playerId}) < (${mine.finishedAt}, ${mine.playerId})`,
          ),
        );
      return { ...mine, rank: ahead + 1 };
    },
    async dailyCounts(date) {
      const r = db.select().from(dailyCounts).where(eq(dailyCounts.date, date)).get();
      return { played: r?.played ?? 0, won: r?.won ?? 0 };
    },
    async dailyResultOf(date, playerId) {
      return db
        .select(resultColumns)
        .from(dailyResults)
        .where(and(onBoard(date), eq(dailyResults.playerId, playerId)))
        .get();
    },
    async dailyFlaggedOf(date, playerId) {
      const found = db
        .select()
        .from(dailyFlagged)
        .where(and(eq(dailyFlagged.date, date), eq(dailyFlagged.playerId, playerId)))
        .get();
      return found && flaggedRow(found);
    },
    async dailyWinTimes(date) {
      return winTimes(date);
    },
    async mostWins(offset, limit) {
      return statsPage([desc(playerStats.dailyWins), desc(playerStats.bestStreak)], offset, limit);
    },
    async longestStreaks(offset, limit) {
      return statsPage([desc(playerStats.bestStreak), desc(playerStats.dailyWins)], offset, limit);
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
      return stats()
        .where(inArray(playerStats.playerId, [...playerIds]))
        .all();
    },
    async headToHead(a, b) {
      const other = alias(raceResults, 'other');
      const r = db
        .select({
          races: sql<number>`count(*)`,
          aWins: sql<number>`coalesce(sum(${raceResults.rank} < ${other.rank}), 0)`,
          bWins: sql<number>`coalesce(sum(${other.rank} < ${raceResults.rank}), 0)`,
        })
        .from(raceResults)
        .innerJoin(other, eq(other.raceId, raceResults.raceId))
        .where(and(eq(raceResults.playerId, a), eq(other.playerId, b)))
        .get()!;
      return r;
    },
  };
}
