import type Database from 'better-sqlite3';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS } from '../../db/open.ts';
import type { StorageState } from '../../db/storage-health.ts';
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

/** What each way of refusing writes means to the operator. */
const REFUSING: Record<Exclude<StorageState, 'up'>, string> = {
  full: 'storage full: the disk has no room for a write',
  'read-only': 'storage read-only: the database file, its directory or its disk refuses writes',
  'io-error': 'storage failing: the disk answers writes with I/O errors',
};

/**
 * Ready: the database answers, holds the newest migration, and (with `probe`,
 * db/storage-probe.ts) takes writes: while it does not, every move is refused `unavailable`.
 */
export function readiness(sqlite: Database.Database, latest: AppliedMigration, probe?: () => StorageState): Readiness {
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
  const storage = probe?.() ?? 'up';
  if (storage !== 'up') return { ok: false, reason: `${REFUSING[storage]}; moves are refused until it takes them` };
  return { ok: true };
}
