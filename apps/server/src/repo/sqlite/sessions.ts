import { isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { players, sessions } from '../../db/schema.ts';
import { FIRST_DEVICE } from '../rows.ts';
import { sharedSessions } from '../shared/devices.ts';
import type { SessionsRepo } from '../types.ts';
import { IMMEDIATE } from './immediate.ts';
import { sqliteStore } from './store.ts';

export function sqliteSessions(db: Db): SessionsRepo {
  return {
    ...sharedSessions(sqliteStore(db)),
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
