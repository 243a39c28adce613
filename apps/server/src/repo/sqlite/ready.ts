import type Database from 'better-sqlite3';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS } from '../../db/open.ts';
import type { Readiness } from '../types.ts';

/** A migration as drizzle's migrator records it in `__drizzle_migrations` once applied. */
export interface AppliedMigration {
  readonly hash: string;
  readonly createdAt: number;
}

/** The newest migration in `drizzle/`, read once at start: the files do not change under us. */
export function latestMigration(folder: string = MIGRATIONS): AppliedMigration {
  const last = readMigrationFiles({ migrationsFolder: folder }).at(-1);
  if (!last) throw new Error(`no migrations in ${folder}`);
  return { hash: last.hash, createdAt: last.folderMillis };
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Ready: the database answers, and it holds the newest migration. */
export function readiness(sqlite: Database.Database, latest: AppliedMigration): Readiness {
  try {
    sqlite.prepare('SELECT 1').get();
  } catch (error) {
    return { ok: false, reason: `database unavailable: ${reasonOf(error)}` };
  }
  try {
    const applied = sqlite
      .prepare('SELECT 1 FROM __drizzle_migrations WHERE hash = ? AND created_at = ?')
      .get(latest.hash, latest.createdAt);
    if (!applied) return { ok: false, reason: `the latest migration (${latest.createdAt}) is not applied` };
  } catch (error) {
    return { ok: false, reason: `migrations unreadable: ${reasonOf(error)}` };
  }
  return { ok: true };
}
