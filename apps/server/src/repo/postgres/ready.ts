import type pg from 'pg';
import type { AppliedMigration } from '../sqlite/ready.ts';
import type { Readiness } from '../types.ts';

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Ready: PostgreSQL answers, and it holds the newest migration (drizzle records it in its own schema). */
export async function pgReadiness(pool: pg.Pool, latest: AppliedMigration): Promise<Readiness> {
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    return { ok: false, reason: `database unavailable: ${reasonOf(error)}` };
  }
  try {
    const applied = await pool.query('SELECT 1 FROM drizzle.__drizzle_migrations WHERE hash = $1 AND created_at = $2', [
      latest.hash,
      latest.createdAt,
    ]);
    if (applied.rowCount === 0)
      return { ok: false, reason: `the latest migration (${latest.createdAt}) is not applied` };
  } catch (error) {
    return { ok: false, reason: `migrations unreadable: ${reasonOf(error)}` };
  }
  return { ok: true };
}
