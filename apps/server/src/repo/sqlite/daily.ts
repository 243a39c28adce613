import type { Db } from '../../db/open.ts';
import { KeyedLock } from '../../keyed-lock.ts';
import { sharedDaily } from '../shared/daily.ts';
import type { DailyRepo } from '../types.ts';
import { sqliteStore } from './store.ts';

export function sqliteDaily(db: Db): DailyRepo {
  const daily = sharedDaily(sqliteStore(db));
  // One process owns the file: a lock in memory is the whole store's.
  const making = new KeyedLock();
  return {
    ...daily,
    async dealOnce(date, make) {
      return (
        (await daily.get(date)) ?? making.run(date, async () => (await daily.get(date)) ?? daily.put(await make()))
      );
    },
  };
}
