import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { players, sessions } from '../../db/schema.ts';
import { firstSession } from '../rows.ts';
import { sharedPlayers } from '../shared/players.ts';
import type { PlayersRepo } from '../types.ts';
import { IMMEDIATE } from './immediate.ts';
import { sqliteStore } from './store.ts';

export function sqlitePlayers(db: Db): PlayersRepo {
  const store = sqliteStore(db);
  return {
    ...sharedPlayers(store),
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
        if (store.isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },
    async rekey(keysOf) {
      return db.transaction((tx) => {
        const all = tx
          .select({ id: players.id, nickname: players.nickname })
          .from(players)
          .orderBy(asc(players.createdAt), asc(players.id))
          .all();
        // Keys move in two steps: a key may pass from one player to another (the unique index
        // is checked row by row), so every key is first made unique by the player's id.
        tx.update(players)
          .set({ nicknameKey: sql`'#' || ${players.id}` })
          .run();
        const { keys, lookAlikes } = keysOf(all);
        for (const { id, key } of keys) tx.update(players).set({ nicknameKey: key }).where(eq(players.id, id)).run();
        return { players: all.length, lookAlikes };
      }, IMMEDIATE);
    },
  };
}
