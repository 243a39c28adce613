import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

/** The lock beside a database file: `scorpion.db.lock` for `scorpion.db`. */
export const LOCK_SUFFIX = '.lock';

/** Another live server process holds the database: this one must not open it. */
export class DatabaseInUse extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseInUse';
  }
}

/** Who holds the lock, as the holder wrote it. */
interface Holder {
  readonly token: string;
  readonly pid: number;
  readonly host: string;
  readonly since: string;
}

/** What a start hands back: the lock, held until `release` (or until the process ends). */
export interface ServerLock {
  release(): void;
}

/**
 * Makes this process the one server on the SQLite file at `databasePath`, before anything opens
 * it, or throws `DatabaseInUse` naming the file and the process that is.
 *
 * The lock is an operating-system lock: a write transaction kept open on a small SQLite file
 * beside the database (`LOCK_SUFFIX`). SQLite takes it with fcntl, which the kernel drops the
 * moment its process ends, however it ends: a server killed with kill -9 leaves nothing that
 * blocks the next start, and no process id has to be trusted (ids are reused, and in containers
 * every server is pid 1). It works across containers that share the volume, as they share the
 * kernel. Node has no file lock of its own; better-sqlite3 is already the server's. Only the
 * server takes it: the backup and every reader open the database as before.
 *
 * The file also says who holds it, for the refusal's message. The holder writes that first, then
 * takes the lock and reads it back: once anyone holds the lock, nobody can write, so if what it
 * reads is its own it is the one holder; if not, another start came in between, and it refuses
 * too (two servers started on one file at the same instant may both refuse; never both run).
 *
 * Nothing else in the process may open the lock file: closing any descriptor of a file drops
 * the process's fcntl locks on it (SQLite's own connections take care of that among themselves).
 */
export function lockDatabase(databasePath: string): ServerLock {
  const lockPath = databasePath + LOCK_SUFFIX;
  // The first start makes the database's directory: its lock comes first.
  mkdirSync(dirname(lockPath), { recursive: true });
  // No waiting: a lock that is held is not about to be free, its server is running.
  const lock = new Database(lockPath, { timeout: 0 });
  const me: Holder = { token: randomUUID(), pid: process.pid, host: hostname(), since: new Date().toISOString() };
  try {
    const claimed =
      attempt(() =>
        lock
          .transaction(() => {
            lock.exec(
              'CREATE TABLE IF NOT EXISTS holder (one INTEGER PRIMARY KEY CHECK (one = 1), holder TEXT NOT NULL)',
            );
            lock.prepare('INSERT OR REPLACE INTO holder (one, holder) VALUES (1, ?)').run(JSON.stringify(me));
          })
          .immediate(),
      ) && attempt(() => lock.exec('BEGIN IMMEDIATE'));
    const holder = readHolder(lock);
    if (claimed && holder?.token === me.token) return { release: () => lock.close() };
    throw new DatabaseInUse(inUseMessage(databasePath, holder?.token === me.token ? undefined : holder));
  } catch (error) {
    lock.close();
    throw error;
  }
}

/** Runs a write that needs the lock: false when another connection holds it. */
function attempt(write: () => void): boolean {
  try {
    write();
    return true;
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) return false;
    throw error;
  }
}

function readHolder(lock: Database.Database): Holder | undefined {
  // A moment's patience here only: another start may be writing its name.
  lock.pragma('busy_timeout = 2000');
  // None yet when the only other start is still in its first write (it has not committed).
  if (!lock.prepare("SELECT 1 FROM sqlite_master WHERE name = 'holder'").get()) return undefined;
  const row = lock.prepare('SELECT holder FROM holder').get() as { holder: string } | undefined;
  return row ? (JSON.parse(row.holder) as Holder) : undefined;
}

function inUseMessage(databasePath: string, holder: Holder | undefined): string {
  const who = holder
    ? `server process ${holder.pid} on ${holder.host}, running since ${holder.since}`
    : 'another server starting on it at this moment';
  return (
    `${databasePath} is in use by ${who}: this server did not open it, and changed nothing. ` +
    'Stop that server first, or give this one its own DATABASE_PATH.'
  );
}
