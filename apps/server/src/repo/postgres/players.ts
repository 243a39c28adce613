import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgDb } from '../../db/pg-open.ts';
import { players, sessions } from '../../db/pg-schema.ts';
import { firstSession, nicknameKeys } from '../rows.ts';
import type { PlayersRepo } from '../types.ts';
import { isUniqueViolation } from './errors.ts';

const row = { id: players.id, nickname: players.nickname };

export function pgPlayers(db: PgDb): PlayersRepo {
  return {
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
    async rename(id, nickname, nicknameKey) {
      try {
        await db.update(players).set({ nickname, nicknameKey }).where(eq(players.id, id));
        return 'ok';
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },
    async byTokenHash(tokenHash) {
      const [found] = await db
        .select(row)
        .from(sessions)
        .innerJoin(players, eq(players.id, sessions.playerId))
        .where(eq(sessions.tokenHash, tokenHash));
      return found;
    },
    async byId(id) {
      return (await db.select(row).from(players).where(eq(players.id, id)))[0];
    },
    async byNicknameKey(key) {
      return (await db.select(row).from(players).where(eq(players.nicknameKey, key)))[0];
    },
    async byIds(ids) {
      if (ids.length === 0) return [];
      return db
        .select(row)
        .from(players)
        .where(inArray(players.id, [...ids]));
    },
    async rekey(keyOf) {
      return db.transaction(async (tx) => {
        // Every process rekeys at start: they take turns, and no signup slips in between.
        await tx.execute(sql`LOCK TABLE ${players} IN EXCLUSIVE MODE`);
        const all = await tx.select(row).from(players).orderBy(asc(players.createdAt), asc(players.id));
        // Keys move in two steps: a key may pass from one player to another (the unique index
        // is checked row by row), so every key is first made unique by the player's id.
        await tx.update(players).set({ nicknameKey: sql`'#' || ${players.id}` });
        const { keys, lookAlikes } = nicknameKeys(all, keyOf);
        for (const { id, key } of keys) await tx.update(players).set({ nicknameKey: key }).where(eq(players.id, id));
        return { players: all.length, lookAlikes };
      });
    },
  };
}
