import { asc, eq, sql } from 'drizzle-orm';
import type { PgDb } from '../../db/pg-open.ts';
import { players, sessions } from '../../db/pg-schema.ts';
import { firstSession } from '../rows.ts';
import { sharedPlayers } from '../shared/players.ts';
import type { PlayersRepo } from '../types.ts';
import { isUniqueViolation } from './errors.ts';
import { pgStore } from './store.ts';

export function pgPlayers(db: PgDb): PlayersRepo {
  return {
    ...sharedPlayers(pgStore(db)),
    async create(p) {
      try {
        await db.transaction(async (tx) => {
          await tx
            .insert(players)
            .values({ id: p.id, nickname: p.nickname, nicknameKey: p.nicknameKey, createdAt: p.at });
          await tx.insert(sessions).values(firstSession(p));
        });
        return 'ok';
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },
    async rekey(keysOf) {
      return db.transaction(async (tx) => {
        // Every process rekeys at start: they take turns, and no signup slips in between.
        await tx.execute(sql`LOCK TABLE ${players} IN EXCLUSIVE MODE`);
        const all = await tx
          .select({ id: players.id, nickname: players.nickname })
          .from(players)
          .orderBy(asc(players.createdAt), asc(players.id));
        await tx.update(players).set({ nicknameKey: sql`'#' || ${players.id}` });
        const { keys, lookAlikes } = keysOf(all);
        for (const { id, key } of keys) await tx.update(players).set({ nicknameKey: key }).where(eq(players.id, id));
        return { players: all.length, lookAlikes };
      });
    },
  };
}
