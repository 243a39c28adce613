import type pg from 'pg';
import { dayNumber } from '../../clock.ts';
import type { PgDb } from '../../db/pg-open.ts';
import { sharedDaily } from '../shared/daily.ts';
import type { DailyRepo } from '../types.ts';
import { pgStore } from './store.ts';

/** The advisory lock's first key: "a day being certified"; the second is the day's number. */
export const CERTIFY_LOCK = 0x5c0_da11;

export function pgDaily(db: PgDb, pool: pg.Pool): DailyRepo {
  const daily = sharedDaily(pgStore(db));
  const { get, put } = daily;
  return {
    ...daily,
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
