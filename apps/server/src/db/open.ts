import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { startCheckpointer } from './checkpointer.ts';
import * as schema from './schema.ts';

export type Db = BetterSQLite3Database<typeof schema>;

export interface OpenDb {
  readonly db: Db;
  readonly sqlite: Database.Database;
  close(): Promise<void>;
}

/** The drizzle-kit migrations, applied on open; readiness checks the newest is there. */
export const MIGRATIONS = fileURLToPath(new URL('../../../../drizzle', import.meta.url));

/**
 * Opens (creating if needed) the SQLite file and brings it to the latest migration.
 * WAL lets leaderboard reads run beside move writes. `synchronous = NORMAL` in WAL mode keeps
 * every committed transaction through a process crash (kill -9); only a power cut can lose the
 * last few, which `DATABASE_SYNC=full` closes at a cost in move latency.
 */
export function openDb(path: string, sync: 'normal' | 'full' = 'normal'): OpenDb {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${sync === 'full' ? 'FULL' : 'NORMAL'}`);
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: MIGRATIONS });
  if (path === ':memory:') {
    return {
      db,
      sqlite,
      close: async () => {
        sqlite.close();
      },
    };
  }
  sqlite.pragma('wal_autocheckpoint = 0');
  const stopCheckpoints = startCheckpointer(path);
  return {
    db,
    sqlite,
    async close() {
      await stopCheckpoints();
      sqlite.pragma('wal_checkpoint(TRUNCATE)');
      sqlite.close();
    },
  };
}
