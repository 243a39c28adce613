import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { dailyDeals, dailyOpens } from '../../db/schema.ts';
import { KeyedLock } from '../../games/lock.ts';
import { dailyDealColumns, dailyDealOf, sharedDeviceQuery, sharedDeviceVerdict } from '../rows.ts';
import type { DailyDealRow, DailyRepo } from '../types.ts';

export function sqliteDaily(db: Db): DailyRepo {
  const get = (date: string): DailyDealRow | undefined => {
    const r = db.select().from(dailyDeals).where(eq(dailyDeals.date, date)).get();
    return r && dailyDealOf(r);
  };
  const put = (row: DailyDealRow): DailyDealRow => {
    db.insert(dailyDeals).values(dailyDealColumns(row)).onConflictDoNothing().run();
    return get(row.date)!;
  };
  // One process owns the file: a lock in memory is the whole store's.
  const making = new KeyedLock();
  return {
    async get(date) {
      return get(date);
    },
    async put(row) {
      return put(row);
    },
    async dealOnce(date, make) {
      return get(date) ?? making.run(date, async () => get(date) ?? put(await make()));
    },
    async opened(open) {
      db.insert(dailyOpens).values(open).onConflictDoNothing().run();
    },
    async sharedDevice(date, playerId, until) {
      return sharedDeviceVerdict(db.get(sharedDeviceQuery(date, playerId, until)));
    },
    async forgetOpensBefore(date) {
      return db.delete(dailyOpens).where(lt(dailyOpens.date, date)).run().changes;
    },
  };
}
