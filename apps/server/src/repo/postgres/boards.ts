import { eq } from 'drizzle-orm';
import type { PgDb } from '../../db/pg-open.ts';
import { dailyWinTimes } from '../../db/pg-schema.ts';
import { sharedBoards } from '../shared/boards.ts';
import type { BoardsRepo } from '../types.ts';
import { pgRecount } from './recount.ts';
import { pgStore } from './store.ts';

export function pgBoards(db: PgDb): BoardsRepo {
  return {
    ...sharedBoards(pgStore(db)),
    recount: pgRecount(db),
    async dailyWinTimes(date) {
      // Counted by the transaction that stores each win (`daily_win_times`).
      const rows = await db
        .select({ grainMs: dailyWinTimes.grainMs, count: dailyWinTimes.count })
        .from(dailyWinTimes)
        .where(eq(dailyWinTimes.date, date));
      return rows.map((r) => [r.grainMs, r.count] as const);
    },
  };
}
