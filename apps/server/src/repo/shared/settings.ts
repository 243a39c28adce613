import { and, eq, lte } from 'drizzle-orm';
import type { Store } from '../store.ts';
import type { OneTimeKeysRepo, SettingsRepo } from '../types.ts';

export function sharedSettings({ db, t }: Store): SettingsRepo {
  const { settings } = t;
  const get = async (key: string) => (await db.select().from(settings).where(eq(settings.key, key)))[0]?.value;
  return {
    get,
    async set(key, value) {
      await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
    },
    async setIfAbsent(key, value) {
      await db.insert(settings).values({ key, value }).onConflictDoNothing();
      return (await get(key))!;
    },
  };
}

export function sharedOneTimeKeys({ db, t }: Store): OneTimeKeysRepo {
  const { oneTimeKeys } = t;
  return {
    async put(row) {
      await db.insert(oneTimeKeys).values(row);
    },
    async take(key, kind, now) {
      // One DELETE … RETURNING: whoever deletes the row has it (of two processes at once, one).
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
