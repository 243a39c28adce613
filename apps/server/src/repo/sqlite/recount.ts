import { asc } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { dailyCounts, dailyResults, playerStats } from '../../db/schema.ts';
import { recountQueries } from '../shared/recount.ts';
import type { BoardsRepo } from '../types.ts';
import { IMMEDIATE } from './immediate.ts';
import { sqliteStore } from './store.ts';

/** `BoardsRepo.recount` in one write transaction: nothing else writes between the read and the write. */
export function sqliteRecount(db: Db): BoardsRepo['recount'] {
  const q = recountQueries(sqliteStore(db).t);
  return async (playerId, totalsOf) =>
    db.transaction((tx) => {
      const rows = tx
        .select(q.resultColumns)
        .from(dailyResults)
        .where(q.ofPlayer(playerId))
        .orderBy(asc(dailyResults.date))
        .all();
      if (rows.length === 0) return [];
      const counted = rows.filter((r) => r.counts === 1).map(({ sortKey: _, counts: __, ...result }) => result);
      const totals = totalsOf(playerId, counted);
      tx.insert(playerStats).values(totals).onConflictDoUpdate({ target: playerStats.playerId, set: totals }).run();
      for (const date of new Set(rows.map((r) => r.date))) {
        const day = tx.select(q.dayColumns).from(dailyResults).where(q.countedOn(date)).get()!;
        tx.insert(dailyCounts)
          .values({ date, ...day })
          .onConflictDoUpdate({ target: dailyCounts.date, set: day })
          .run();
      }
      return rows.map((r) => ({
        date: r.date,
        key: { sortKey: r.sortKey, finishedAt: r.finishedAt, playerId: r.playerId },
        counted: r.counts === 1,
      }));
    }, IMMEDIATE);
}
