import { eq } from 'drizzle-orm';
import type { PgDb } from '../../db/pg-open.ts';
import { settings } from '../../db/pg-schema.ts';
import type { SettingsRepo } from '../types.ts';

export function pgSettings(db: PgDb): SettingsRepo {
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
