import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { oneTimeKeys } from '../../db/schema.ts';
import type { OneTimeKeysRepo } from '../types.ts';

export function sqliteOneTimeKeys(db: Db): OneTimeKeysRepo {
  return {
    async put(row) {
      db.insert(oneTimeKeys).values(row).run();
    },
    async take(key, kind, now) {
      // One DELETE … RETURNING: whoever deletes the row has it, nobody else can.
      const taken = db
        .delete(oneTimeKeys)
        .where(and(eq(oneTimeKeys.key, key), eq(oneTimeKeys.kind, kind)))
        .returning()
        .get();
      return taken && taken.expiresAt > now ? { playerId: taken.playerId } : undefined;
    },
    async sweep(now) {
      return db.delete(oneTimeKeys).where(lte(oneTimeKeys.expiresAt, now)).run().changes;
    },
  };
}
