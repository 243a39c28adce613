import { and, eq, inArray, lt, lte } from 'drizzle-orm';
import { dailyDealColumns, dailyDealOf } from '../rows.ts';
import type { Store } from '../store.ts';
import type { DailyDealRow, DailyRepo } from '../types.ts';

/** The daily's deals and openings; making a day's deal once is each store's own lock. */
export function sharedDaily({ db, t }: Store): Omit<DailyRepo, 'dealOnce'> {
  const { dailyDeals, dailyOpens } = t;
  const get = async (date: string): Promise<DailyDealRow | undefined> => {
    const [r] = await db.select().from(dailyDeals).where(eq(dailyDeals.date, date));
    return r && dailyDealOf(r);
  };
  return {
    get,
    async put(row) {
      await db.insert(dailyDeals).values(dailyDealColumns(row)).onConflictDoNothing();
      return (await get(row.date))!;
    },
    async opened(open) {
      await db.insert(dailyOpens).values(open).onConflictDoNothing();
    },
    async opensOf(date, playerId, until) {
      return db
        .select()
        .from(dailyOpens)
        .where(and(eq(dailyOpens.date, date), eq(dailyOpens.playerId, playerId), lte(dailyOpens.at, until)));
    },
    async opensOnDevices(date, devices, until) {
      if (devices.length === 0) return [];
      return db
        .select()
        .from(dailyOpens)
        .where(and(eq(dailyOpens.date, date), inArray(dailyOpens.device, [...devices]), lte(dailyOpens.at, until)));
    },
    async forgetOpensBefore(date) {
      const gone = await db.delete(dailyOpens).where(lt(dailyOpens.date, date)).returning({ date: dailyOpens.date });
      return gone.length;
    },
  };
}
