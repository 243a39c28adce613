import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './pg-schema.ts';

export type PgDb = NodePgDatabase<typeof schema>;

/** The drizzle-kit migrations of the PostgreSQL schema, applied at start. */
export const PG_MIGRATIONS = fileURLToPath(new URL('../../../../drizzle/postgres', import.meta.url));

/** Any fixed number: every server process takes the same lock while it migrates. */
const MIGRATION_LOCK = 0x5c0_4210;

export interface OpenPg {
  readonly db: PgDb;
  readonly pool: pg.Pool;
  close(): Promise<void>;
}

/**
 * Connects to `url` and brings the database to the latest migration. Several processes starting
 * at once each wait for the advisory lock, so one migrates and the others find nothing to do.
 * `synchronous_commit=on` on every connection: a commit returns only once its WAL is flushed,
 * whatever the server's default, so a stored move survives a crash of PostgreSQL's machine.
 */
/**
 * The pool's options beside the URL. `connectionTimeoutMillis`: a database host that is down
 * (not refusing, silent) would hold a new connection for the kernel's SYN retries, about two
 * minutes, and every action waiting on it unanswered; given up after 3 s, the action is refused
 * as one to send again (`unavailable`), as when PostgreSQL refuses. Nothing is sent before a
 * connection is made, so giving up on one never leaves a write in doubt.
 */
export const PG_POOL_OPTIONS = {
  options: '-c synchronous_commit=on',
  max: 10,
  connectionTimeoutMillis: 3000,
} as const satisfies pg.PoolConfig;

export async function openPg(url: string): Promise<OpenPg> {
  const pool = new pg.Pool({ connectionString: url, ...PG_POOL_OPTIONS });
  // An idle connection that breaks (PostgreSQL restarted) must not crash the process; the next
  // query opens a new one.
  pool.on('error', () => {});
  const db = drizzle({ client: pool, schema });
  try {
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migrate(drizzle({ client }), { migrationsFolder: PG_MIGRATIONS });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return { db, pool, close: () => pool.end() };
}
