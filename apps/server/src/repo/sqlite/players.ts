import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { players, sessions } from '../../db/schema.ts';
import { firstSession, nicknameKeys } from '../rows.ts';
import type { PlayersRepo } from '../types.ts';
import { IMMEDIATE } from './immediate.ts';

const row = { id: players.id, nickname: players.nickname };

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export function sqlitePlayers(db: Db): PlayersRepo {
  return {
    async create(p) {
      try {
        db.transaction((tx) => {
          tx.insert(players)
            .values({ id: p.id, nickname: p.nickname, nicknameKey: p.nicknameKey, createdAt: p.at })
            .run();
          tx.insert(sessions).values(firstSession(p)).run();
        }, IMMEDIATE);
        return 'ok';
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },
    async rename(id, nickname, nicknameKey) {
      try {
        db.update(players).set({ nickname, nicknameKey }).where(eq(players.id, id)).run();
        return 'ok';
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },
    async byTokenHash(tokenHash) {
      return db
        .select(row)
        .from(sessions)
        .innerJoin(players, eq(players.id, sessions.playerId))
        .where(eq(sessions.tokenHash, tokenHash))
        .get();
    },
    async byId(id) {
      return db.select(row).from(players).where(eq(players.id, id)).get();
    },
    async byNicknameKey(key) {
      return db.select(row).from(players).where(eq(players.nicknameKey, key)).get();
    },
    async byIds(ids) {
      if (ids.length === 0) return [];
      return db
        .select(row)
        .from(players)
        .where(inArray(players.id, [...ids]))
        .all();
    },
    async rekey(keyOf) {
      return db.transaction((tx) => {
        const all = tx.select(row).from(players).orderBy(asc(players.createdAt), asc(players.id)).all();
        // Keys move in two steps: a key may pass from one player to another (the unique index
        // is checked row by row), so every key is first made unique by the player's id.
        tx.update(players)
          .set({ nicknameKey: sql`'#' || ${players.id}` })
          .run();
        const { keys, lookAlikes } = nicknameKeys(all, keyOf);
        for (const { id, key } of keys) tx.update(players).set({ nicknameKey: key }).where(eq(players.id, id)).run();
        return { players: all.length, lookAlikes };
      }, IMMEDIATE);
    },
  };
}
