import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { startCheckpointer } from './checkpointer.ts';
import { CommitGate } from './commit-gate.ts';
import * as schema from './schema.ts';
import { type StorageChange, StorageHealth } from './storage-health.ts';
import { WalKeeper, type WalKeeperOptions } from './wal-keeper.ts';

export type Db = BetterSQLite3Database<typeof schema>;

export interface OpenDb {
  readonly db: Db;
  readonly sqlite: Database.Database;
  /** For a file: the action commits, which the WAL keeper holds while it catches a checkpoint up. */
  readonly commits?: CommitGate;
  readonly wal?: WalKeeper;
  /** Whether the file takes writes, as the last commit, checkpoint or probe found it. */
  readonly health: StorageHealth;
  close(): Promise<void>;
}

/** How the file is opened, and who hears whether it takes writes. */
export interface StorageWatching {
  /**
   * Opens the connection (better-sqlite3's `new Database(path)` unless given): a test opens it
   * itself to hold the server's own connection, and lower its `max_page_count` (a real
   * SQLITE_FULL) or turn on its `query_only` (a real SQLITE_READONLY).
   */
  readonly open?: (path: string) => Database.Database;
  /** Hears each change of whether the file takes writes (storage-health.ts). */
  readonly onChange?: StorageChange;
  /** Hears a checkpoint that failed other than by the disk refusing it. */
  readonly onCheckpointFailure?: (error: unknown) => void;
}

/** A WAL keeper's settings, and how often it checkpoints (`null`: only when its `cycle` is called). */
export interface WalKeeping extends Partial<WalKeeperOptions> {
  readonly everyMs?: number | null;
}

/**
 * A catch-up (wal-keeper.ts) past 64 MB of WAL: at the bench's 12 MB a second, one every five
 * seconds or so. Holds of at most 250 ms, retried after 1 s, then 2, 4… up to a minute.
 */
const WAL_HOLD_AT_BYTES = 64 * 1024 * 1024;
const WAL_KEEPING = { everyMs: 1000, holdCapMs: 250, backoffMs: 1000, maxBackoffMs: 60_000 };

/** A WAL frame is a page and its 24-byte header. */
const WAL_FRAME_HEADER = 24;

/** The drizzle-kit migrations, applied on open; readiness checks the newest is there. */
export const MIGRATIONS = fileURLToPath(new URL('../../../../drizzle', import.meta.url));

/**
 * Opens (creating if needed) the SQLite file and brings it to the latest migration.
 * WAL lets leaderboard reads run beside move writes. `synchronous = NORMAL` in WAL mode keeps
 * every committed transaction through a process crash (kill -9); only a power cut can lose the
 * last few, which `DATABASE_SYNC=full` closes at a cost in move latency.
 */
export function openDb(
  path: string,
  sync: 'normal' | 'full' = 'normal',
  keeping: WalKeeping = {},
  watching: StorageWatching = {},
): OpenDb {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = watching.open ? watching.open(path) : new Database(path);
  const health = new StorageHealth(watching.onChange);
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
      health,
      close: async () => {
        sqlite.close();
      },
    };
  }
  sqlite.pragma('wal_autocheckpoint = 0');
  const checkpointer = startCheckpointer(path);
  const commits = new CommitGate();
  const pageSize = sqlite.pragma('page_size', { simple: true }) as number;
  const { everyMs, ...options } = { ...WAL_KEEPING, ...keeping };
  const wal = new WalKeeper((kind) => checkpointer.checkpoint(kind), commits, {
    holdAtFrames: Math.ceil(WAL_HOLD_AT_BYTES / (pageSize + WAL_FRAME_HEADER)),
    // A full disk fails every checkpoint until it has room: told once, as a change of state.
    onFailure: (error) => {
      if (!health.failed(error)) watching.onCheckpointFailure?.(error);
    },
    ...options,
  });
  if (everyMs !== null) wal.start(everyMs);
  return {
    db,
    sqlite,
    commits,
    wal,
    health,
    async close() {
      // Releases a hold, so its writes commit while the connection is open.
      await wal.stop();
      await checkpointer.stop();
      // On a disk still full the last checkpoint fails; the WAL keeps what it holds for the next start.
      try {
        sqlite.pragma('wal_checkpoint(TRUNCATE)');
      } catch (error) {
        if (!health.failed(error)) throw error;
      }
      sqlite.close();
    },
  };
}
