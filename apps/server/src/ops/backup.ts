import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { LOCK_SUFFIX } from '../db/server-lock.ts';

export type BackupErrorCode =
  | 'no-database'
  | 'same-file'
  | 'exists'
  | 'no-directory'
  | 'not-writable'
  | 'verify-failed';

/** A backup that could not be made; nothing was written at the destination. */
export class BackupError extends Error {
  readonly code: BackupErrorCode;
  constructor(code: BackupErrorCode, message: string) {
    super(message);
    this.code = code;
    this.name = 'BackupError';
  }
}

export interface BackupReport {
  readonly source: string;
  readonly path: string;
  readonly bytes: number;
  /** Every table in the copy with its row count, by name. */
  readonly tables: Readonly<Record<string, number>>;
  readonly games: number;
  /** Stored actions: moves, undos and redos. */
  readonly moves: number;
  /** Migrations recorded in the copy; `latest` is the tag this code knows them by, if it does. */
  readonly migrations: { readonly applied: number; readonly latest: string | null };
}

const JOURNAL = new URL('../../../../drizzle/meta/_journal.json', import.meta.url);

/** SQLite's own files beside a database; a copy has none once it is closed. */
const SIDECARS = ['', '-wal', '-shm', '-journal'];
/** Every file of the live database, the server's lock too: replaced, it would no longer lock anything. */
const LIVE_FILES = [...SIDECARS, LOCK_SUFFIX];

/**
 * Copies the live database at `source` to `dest` with SQLite's online backup API: one read
 * transaction, so the copy is one consistent moment even while the server keeps committing
 * (in WAL mode a reader never blocks the writer). The copy is made beside `dest` under a temporary
 * name, checked (integrity, migrations), turned into a single self-contained file, and only then
 * renamed into place, so `dest` is either absent or a whole, verified backup.
 */
export async function backupDatabase(
  source: string,
  dest: string,
  options: { readonly force?: boolean } = {},
): Promise<BackupReport> {
  const from = resolve(source);
  const to = resolve(dest);
  if (!existsSync(from)) throw new BackupError('no-database', `No database at ${from} (DATABASE_PATH).`);
  if (LIVE_FILES.some((suffix) => to === from + suffix))
    throw new BackupError('same-file', `${to} is the live database itself; back up to another path.`);
  checkDestination(to, options.force ?? false);

  const temp = join(dirname(to), `.${basename(to)}.${process.pid}.tmp`);
  try {
    await copy(from, temp);
    const report = verify(temp);
    syncFile(temp);
    renameSync(temp, to);
    syncFile(dirname(to));
    return { source: from, path: to, bytes: statSync(to).size, ...report };
  } finally {
    for (const suffix of SIDECARS) rmSync(temp + suffix, { force: true });
  }
}

function checkDestination(to: string, force: boolean): void {
  const dir = dirname(to);
  if (!existsSync(dir)) throw new BackupError('no-directory', `The directory ${dir} does not exist.`);
  if (!statSync(dir).isDirectory()) throw new BackupError('no-directory', `${dir} is not a directory.`);
  if (existsSync(to)) {
    if (statSync(to).isDirectory()) throw new BackupError('exists', `${to} is a directory; name a file.`);
    if (!force) throw new BackupError('exists', `${to} already exists; pass --force to replace it.`);
  }
  // Probed by writing, not by access(2): that also catches read-only mounts and full disks early.
  const probe = join(dir, `.${basename(to)}.${process.pid}.probe`);
  try {
    closeSync(openSync(probe, 'wx'));
  } catch (error) {
    throw new BackupError('not-writable', `Cannot write in ${dir}: ${(error as Error).message}`);
  } finally {
    rmSync(probe, { force: true });
  }
}

async function copy(from: string, temp: string): Promise<void> {
  // Read-only: the backup can never change the live database.
  const live = new Database(from, { readonly: true, fileMustExist: true });
  try {
    live.pragma('busy_timeout = 5000');
    // After the first step, copy everything that is left in one step: one snapshot, and no
    // restart each time the server commits between small steps.
    await live.backup(temp, { progress: () => 0x7fffffff });
  } finally {
    live.close();
  }
}

function verify(temp: string): Omit<BackupReport, 'source' | 'path' | 'bytes'> {
  const db = new Database(temp, { fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: false }) as { integrity_check: string }[];
    const problems = integrity.map((row) => row.integrity_check).filter((line) => line !== 'ok');
    if (problems.length > 0)
      throw new BackupError('verify-failed', `The copy failed its integrity check: ${problems.join('; ')}`);

    const names = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as {
        name: string;
      }[]
    ).map((row) => row.name);
    if (!names.includes('__drizzle_migrations'))
      throw new BackupError('verify-failed', 'The copy holds no migrations table: is this a Scorpion Race database?');
    const tables: Record<string, number> = {};
    for (const name of names.sort()) {
      const quoted = `"${name.replaceAll('"', '""')}"`;
      tables[name] = (db.prepare(`SELECT count(*) AS n FROM ${quoted}`).get() as { n: number }).n;
    }
    if (tables.__drizzle_migrations === 0)
      throw new BackupError('verify-failed', 'The copy has no migrations applied: the server never started on it.');
    const latestWhen = (
      db.prepare('SELECT created_at AS at FROM __drizzle_migrations ORDER BY created_at DESC LIMIT 1').get() as {
        at: number;
      }
    ).at;

    // One file, no -wal to carry along: the server turns WAL back on when it opens a restore.
    db.pragma('journal_mode = DELETE');
    return {
      tables,
      games: tables.games ?? 0,
      moves: tables.actions ?? 0,
      migrations: { applied: tables.__drizzle_migrations ?? 0, latest: migrationTag(latestWhen) },
    };
  } finally {
    db.close();
  }
}

/** The tag of the migration drizzle recorded at `when`; null if this code does not know it. */
function migrationTag(when: number): string | null {
  const journal = JSON.parse(readFileSync(JOURNAL, 'utf8')) as { entries: { when: number; tag: string }[] };
  return journal.entries.find((entry) => entry.when === Number(when))?.tag ?? null;
}

/** A rename is only durable once both the file and its directory are on disk. */
function syncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
