import { eq } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { settings } from '../../db/schema.ts';
import type { SettingsRepo } from '../types.ts';

export function sqliteSettings(db: Db): SettingsRepo {
  const get = (key: string) => db.select().from(settings).where(eq(settings.key, key)).get()?.value;
  return {
    async get(key) {
      return get(key);
    },
    async set(key, value) {
      db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } }).run();
    },
    async setIfAbsent(key, value) {
      db.insert(settings).values({ key, value }).onConflictDoNothing().run();
      return get(key)!;
    },
  };
}
