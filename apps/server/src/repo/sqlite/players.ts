import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { players } from '../../db/schema.ts';
import type { PlayersRepo } from '../types.ts';

const row = { id: players.id, nickname: players.nickname };

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export function sqlitePlayers(db: Db): PlayersRepo {
  return {
    async create(p) {
      try {
        db.insert(players)
          .values({
            id: p.id,
            nickname: p.nickname,
            nicknameKey: p.nicknameKey,
            tokenHash: p.tokenHash,
            createdAt: p.at,
          })
          .run();
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
      return db.select(row).from(players).where(eq(players.tokenHash, tokenHash)).get();
    },
    async byId(id) {
      return db.select(row).from(players).where(eq(players.id, id)).get();
    },
    async byIds(ids) {
      if (ids.length === 0) return [];
      return db
        .select(row)
        .from(players)
        .where(inArray(players.id, [...ids]))
        .all();
    },
  };
}
