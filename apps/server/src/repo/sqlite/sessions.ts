import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { players, sessions } from '../../db/schema.ts';
import { FIRST_DEVICE } from '../rows.ts';
import type { SessionsRepo } from '../types.ts';
import { IMMEDIATE } from './immediate.ts';

export function sqliteSessions(db: Db): SessionsRepo {
  return {
    async add(row) {
      db.insert(sessions).values(row).run();
    },
    async byTokenHash(tokenHash) {
      return db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).get();
    },
    async ofPlayer(playerId) {
      return db
        .select()
        .from(sessions)
        .where(eq(sessions.playerId, playerId))
        .orderBy(desc(sessions.lastSeenAt), sessions.id)
        .all();
    },
    async touch(id, at) {
      db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id)).run();
    },
    async revoke(playerId, id) {
      return db
        .delete(sessions)
        .where(and(eq(sessions.id, id), eq(sessions.playerId, playerId)))
        .returning()
        .get();
    },
    async adoptLegacyTokens(at) {
      return db.transaction((tx) => {
        const moved = tx.run(sql`
          INSERT INTO ${sessions} (id, player_id, token_hash, label, created_at, last_seen_at)
          SELECT id, id, token_hash, ${FIRST_DEVICE}, created_at, ${at} FROM ${players} WHERE token_hash IS NOT NULL`);
        tx.update(players).set({ tokenHash: null }).where(isNotNull(players.tokenHash)).run();
        return moved.changes;
      }, IMMEDIATE);
    },
  };
}
