import { and, eq, lte } from 'drizzle-orm';
import type { PgDb } from '../../db/pg-open.ts';
import { oneTimeKeys } from '../../db/pg-schema.ts';
import type { OneTimeKeysRepo } from '../types.ts';

export function pgOneTimeKeys(db: PgDb): OneTimeKeysRepo {
  return {
    async put(row) {
      await db.insert(oneTimeKeys).values(row);
    },
    async take(key, kind, now) {
      // One DELETE … RETURNING: of two processes taking the key at once, one gets the row.
      const [taken] = await db
        .delete(oneTimeKeys)
        .where(and(eq(oneTimeKeys.key, key), eq(oneTimeKeys.kind, kind)))
        .returning();
      return taken && taken.expiresAt > now ? { playerId: taken.playerId } : undefined;
    },
    async sweep(now) {
      const swept = await db
        .delete(oneTimeKeys)
        .where(lte(oneTimeKeys.expiresAt, now))
        .returning({ key: oneTimeKeys.key });
      return swept.length;
    },
  };
}
