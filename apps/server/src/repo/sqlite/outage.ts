import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { actions, arenas, games, settings } from '../../db/schema.ts';
import { creditedClose } from '../shared/arena-credit.ts';
import type { OutageRepo } from '../types.ts';
import { IMMEDIATE } from './immediate.ts';

const KEY = 'heartbeat';

/** The cluster's heartbeat on SQLite (processes sharing one file): BEGIN IMMEDIATE is the lock. */
export function sqliteOutage(db: Db): OutageRepo {
  const beat = (tx: Pick<Db, 'insert'>, now: number) => {
    const value = String(now);
    tx.insert(settings).values({ key: KEY, value }).onConflictDoUpdate({ target: settings.key, set: { value } }).run();
  };
  return {
    async beat(now) {
      beat(db, now);
    },
    async creditOutage(now, staleMs) {
      return db.transaction((tx) => {
        const last = Number(tx.select().from(settings).where(eq(settings.key, KEY)).get()?.value);
        const gap = Number.isFinite(last) && last > 0 && now - last >= staleMs ? now - last : 0;
        if (gap > 0) {
          const lastAction = sql`(SELECT max(${actions.at}) FROM ${actions} WHERE ${actions.gameId} = ${games.id})`;
          const credit = sql`max(0, ${now} - max(${last}, coalesce(${lastAction}, 0)))`;
          tx.update(games)
            .set({ pausedMs: sql`${games.pausedMs} + ${credit}`, closesAt: creditedClose(games, arenas, credit) })
            .where(and(eq(games.status, 'playing'), isNull(games.raceId)))
            .run();
        }
        beat(tx, now);
        return gap;
      }, IMMEDIATE);
    },
  };
}
