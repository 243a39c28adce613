import { isNotNull, sql } from 'drizzle-orm';
import type { PgDb } from '../../db/pg-open.ts';
import { players, sessions } from '../../db/pg-schema.ts';
import { FIRST_DEVICE } from '../rows.ts';
import { sharedSessions } from '../shared/devices.ts';
import type { SessionsRepo } from '../types.ts';
import { pgStore } from './store.ts';

export function pgSessions(db: PgDb): SessionsRepo {
  return {
    ...sharedSessions(pgStore(db)),
    async adoptLegacyTokens(at) {
      return db.transaction(async (tx) => {
        // Every process does this at start, without a lock: of two moving one player at once,
        // the second waits on the first's session row, then skips it.
        const moved = await tx.execute(sql`
          INSERT INTO ${sessions} (id, player_id, token_hash, label, created_at, last_seen_at)
          SELECT id, id, token_hash, ${FIRST_DEVICE}, created_at, ${at} FROM ${players} WHERE token_hash IS NOT NULL
          ON CONFLICT DO NOTHING`);
        await tx.update(players).set({ tokenHash: null }).where(isNotNull(players.tokenHash));
        return moved.rowCount ?? 0;
      });
    },
  };
}
