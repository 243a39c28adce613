import { eq, lt } from 'drizzle-orm';
import type pg from 'pg';
import { dayNumber } from '../../clock.ts';
import type { PgDb } from '../../db/pg-open.ts';
import { dailyDeals, dailyOpens } from '../../db/pg-schema.ts';
import {
  dailyDealColumns,
  dailyDealOf,
  type SharedDeviceCount,
  sharedDeviceQuery,
  sharedDeviceVerdict,
} from '../rows.ts';
import type { DailyDealRow, DailyRepo } from '../types.ts';

/** The advisory lock's first key: "a day being certified"; the second is the day's number. */
export const CERTIFY_LOCK = 0x5c0_da11;

export function pgDaily(db: PgDb, pool: pg.Pool): DailyRepo {
  const get = async (date: string): Promise<DailyDealRow | undefined> => {
    const r = (await db.select().from(dailyDeals).where(eq(dailyDeals.date, date)))[0];
    return r && dailyDealOf(r);
  };
  const put = async (row: DailyDealRow): Promise<DailyDealRow> => {
    await db.insert(dailyDeals).values(dailyDealColumns(row)).onConflictDoNothing();
    return (await get(row.date))!;
  };
  return {
    get,
    put,
    async opened(open) {
      await db.insert(dailyOpens).values(open).onConflictDoNothing();
    },
    async sharedDevice(date, playerId, until) {
      return sharedDeviceVerdict(
        (await db.execute<SharedDeviceCount>(sharedDeviceQuery(date, playerId, until))).rows[0],
      );
    },
    async forgetOpensBefore(date) {
      return (await db.delete(dailyOpens).where(lt(dailyOpens.date, date))).rowCount ?? 0;
    },
    async dealOnce(date, make) {
      const stored = await get(date);
      if (stored) return stored;
      // A session lock on a connection of its own, not a transaction's: certifying can take the
      // solver seconds, and no transaction should stay open that long. The processes that wait
      // for it each hold a connection meanwhile (one per process and day: `DailyService` shares one ask).
      const client = await pool.connect();
      const key = [CERTIFY_LOCK, dayNumber(date)];
      let broken: Error | undefined;
      try {
        await client.query('SELECT pg_advisory_lock($1, $2)', key);
        try {
          return (await get(date)) ?? (await put(await make()));
        } finally {
          await client.query('SELECT pg_advisory_unlock($1, $2)', key).catch((error: Error) => {
            broken = error;
          });
        }
      } finally {
        // A connection that could not unlock is closed, not pooled: closing it frees the lock.
        client.release(broken);
      }
    },
  };
}
