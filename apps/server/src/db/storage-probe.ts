import { statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import type Database from 'better-sqlite3';
import type { StorageHealth, StorageState } from './storage-health.ts';

/**
 * Below this much free room on the file's disk it counts as full. A commit appends to the WAL,
 * which SQLite reuses from its start after each full checkpoint, so writes may go on for a while
 * below it; but the next checkpoint that has to grow the database file, or a WAL that has to
 * grow, fails there.
 */
export const LEAST_FREE_BYTES = 1024 * 1024;

/**
 * Finds whether the SQLite file takes a write that needs new pages, without writing anything:
 * inside `BEGIN IMMEDIATE`, a row of two pages of zeros into `settings` (which a read-only
 * connection or mount refuses, and a database at its `max_page_count` has no pages for), then
 * `ROLLBACK` (a commit while the disk is known to fail writes, below). SQLite keeps such pages
 * in memory until the commit, so a real disk's free room is read from the file system as well
 * (`statfs`: what the process's user may use; root may also use the blocks kept for it). Runs on the connection the moves use, between two of its
 * statements (better-sqlite3 is synchronous), so no move waits on it. What it finds is told to
 * `health`, so a disk that gets room again is seen as such even when no move comes to try it.
 */
export function storageProbe(sqlite: Database.Database, path: string, health: StorageHealth): () => StorageState {
  const pageSize = sqlite.pragma('page_size', { simple: true }) as number;
  const insert = sqlite.prepare("INSERT INTO settings (key, value) VALUES ('storage-probe', zeroblob(?))");
  const remove = sqlite.prepare("DELETE FROM settings WHERE key = 'storage-probe'");
  const asRoot = process.getuid?.() === 0;
  return (): StorageState => {
    if (path !== ':memory:') {
      const disk = statfsSync(dirname(path));
      const low = (asRoot ? disk.bfree : disk.bavail) * disk.bsize < LEAST_FREE_BYTES;
      health.room(low);
      if (low) return 'full';
    }
    try {
      sqlite.exec('BEGIN IMMEDIATE');
      insert.run(2 * pageSize);
      // A disk that failed a write (\`io-error\`) may fail the next whatever room it has: only a
      // write that reaches it says it works again, so then the probe commits (a row added and
      // taken away: nothing is kept but the pages' trip to the WAL).
      if (health.state === 'io-error') {
        remove.run();
        sqlite.exec('COMMIT');
      }
      health.succeeded();
      return 'up';
    } catch (error) {
      const fault = health.failed(error);
      if (fault) return fault;
      throw error;
    } finally {
      // SQLite rolls a transaction back by itself after some errors (SQLITE_FULL among them).
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
    }
  };
}
