import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import type { PgDb } from '../../db/pg-open.ts';
import { recountQueries } from '../shared/recount.ts';
import type { BoardsRepo } from '../types.ts';
import { lockTotals } from './games.ts';
import { pgStore } from './store.ts';

/**
 * `BoardsRepo.recount` in one transaction. The player's totals lock (as a finish takes it) keeps
 * their own finishes out; each day's count row is locked, in date order, before that day is
 * counted, so a finish of another player that day either committed before (and is counted) or
 * adds its one after (its increment waits on the row).
 */
export function pgRecount(pg: PgDb): BoardsRepo['recount'] {
  const { t } = pgStore(pg);
  const { dailyCounts, dailyResults, playerStats } = t;
  const q = recountQueries(t);
  return async (playerId, totalsOf) =>
    pg.transaction(async (pgTx) => {
      // The shared queries' types (`../store.ts`); the locks are PostgreSQL's own.
      const tx = pgTx as unknown as Db;
      await pgTx.execute(lockTotals(playerId));
      const rows = await tx
        .select(q.resultColumns)
        .from(dailyResults)
        .where(q.ofPlayer(playerId))
        .orderBy(asc(dailyResults.date));
      if (rows.length === 0) return [];
      const counted = rows.filter((r) => r.counts === 1).map(({ sortKey: _, counts: __, ...result }) => result);
      const totals = totalsOf(playerId, counted);
      await tx.insert(playerStats).values(totals).onConflictDoUpdate({ target: playerStats.playerId, set: totals });
      for (const date of new Set(rows.map((r) => r.date))) {
        await pgTx.execute(sql`SELECT 1 FROM daily_counts WHERE date = ${date} FOR UPDATE`);
        const [day] = await tx.select(q.dayColumns).from(dailyResults).where(q.countedOn(date));
        await tx
          .insert(dailyCounts)
          .values({ date, ...day! })
          .onConflictDoUpdate({ target: dailyCounts.date, set: day! });
      }
      return rows.map((r) => ({
        date: r.date,
        key: { sortKey: r.sortKey, finishedAt: r.finishedAt, playerId: r.playerId },
        counted: r.counts === 1,
      }));
    });
}
