import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PgDb } from '../../db/pg-open.ts';
import { actions, arenas, games, settings } from '../../db/pg-schema.ts';
import { creditedClose } from '../shared/arena-credit.ts';
import type { OutageRepo } from '../types.ts';

const KEY = 'heartbeat';

/** The cluster's heartbeat on PostgreSQL: the setting's row, locked `FOR UPDATE` while a start credits it. */
export function pgOutage(db: PgDb): OutageRepo {
  return {
    async beat(now) {
      const value = String(now);
      await db
        .insert(settings)
        .values({ key: KEY, value })
        .onConflictDoUpdate({ target: settings.key, set: { value } });
    },
    async creditOutage(now, staleMs) {
      return db.transaction(async (tx) => {
        // A second process starting at once waits here, then reads the first one's fresh beat.
        const row = (await tx.select().from(settings).where(eq(settings.key, KEY)).for('update'))[0];
        const last = Number(row?.value);
        const gap = Number.isFinite(last) && last > 0 && now - last >= staleMs ? now - last : 0;
        if (gap > 0) {
          const lastAction = sql`(SELECT max(${actions.at}) FROM ${actions} WHERE ${actions.gameId} = ${games.id})`;
          const credit = sql`GREATEST(0, ${now}::bigint - GREATEST(${last}::bigint, coalesce(${lastAction}, 0)))`;
          await tx
            .update(games)
            .set({ pausedMs: sql`${games.pausedMs} + ${credit}`, closesAt: creditedClose(games, arenas, credit) })
            .where(and(eq(games.status, 'playing'), isNull(games.raceId)));
        }
        const value = String(now);
        await tx
          .insert(settings)
          .values({ key: KEY, value })
          .onConflictDoUpdate({ target: settings.key, set: { value } });
        return gap;
      });
    },
  };
}
