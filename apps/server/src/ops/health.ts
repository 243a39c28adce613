import type { PoolHealth } from '@scorpion/solver';
import type Database from 'better-sqlite3';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { FastifyInstance } from 'fastify';
import { MIGRATIONS } from '../db/open.ts';

export type Readiness = { readonly ok: true } | { readonly ok: false; readonly reason: string };

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

/**
 * Ready as far as the solver goes: with CERTIFY=solver, no thread is waiting to be restarted
 * and threads have not died repeatedly of late (the pool's `problem`). Without a solver
 * (CERTIFY=none) there is nothing to wait for.
 */
export function solverReadiness(health: PoolHealth | undefined): Readiness {
  return health?.problem ? { ok: false, reason: `solver unavailable: ${health.problem}` } : { ok: true };
}

/**
 * `/healthz`: the process serves HTTP (a container's liveness check). `/readyz`: it can take
 * players (see `readiness` and `solverReadiness`), 503 with the reason otherwise. Once shutdown begins, Fastify
 * answers every request, these included, with 503 until the port closes, so a load balancer
 * stops sending players at once.
 */
export async function healthRoutes(app: FastifyInstance, opts: { ready: () => Readiness }) {
  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ ok: true }));
  app.get('/readyz', async (_request, reply) => {
    const state = opts.ready();
    return reply
      .code(state.ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(state);
  });
}
