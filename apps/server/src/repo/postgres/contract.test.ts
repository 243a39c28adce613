import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { freePort } from '../../cluster/engines/ports.ts';
import { type RunningPostgres, startPostgres } from '../../cluster/engines/postgres.ts';
import { openPg, PG_MIGRATIONS } from '../../db/pg-open.ts';
import { gameRow } from '../contract/fixtures.ts';
import { repoContract } from '../contract/index.ts';
import { SeqTakenError } from '../errors.ts';
import { latestMigration } from '../sqlite/ready.ts';
import type { Repos } from '../types.ts';
import { pgRepos } from './index.ts';

const dir = mkdtempSync(join(tmpdir(), 'scorpion-pg-contract-'));
let server: RunningPostgres;
let admin: pg.Client;
let databases = 0;
const opened: Repos[] = [];

beforeAll(async () => {
  server = await startPostgres({ dir, port: await freePort(), durable: false });
  admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
}, 60_000);
afterEach(async () => {
  for (const repos of opened.splice(0)) await repos.close();
});
afterAll(async () => {
  await admin?.end();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * A linguistic default collation, as most installed PostgreSQL servers have (ours is started with
 * `--no-locale`): the contract's byte-order ties then hold only because the store asks for them.
 */
const LINGUISTIC = "TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C'";

// Each test gets a database of its own on the one server, migrated as the server would be.
repoContract(async () => {
  const name = `contract_${++databases}`;
  await admin.query(`CREATE DATABASE ${name} ${LINGUISTIC}`);
  const repos = await pgRepos(server.url.replace(/\/scorpion$/, `/${name}`));
  opened.push(repos);
  return repos;
});

// Beyond the contract, what only PostgreSQL has: several processes starting on one database.
test('three processes starting at once on a new database: one migrates, all are ready', async () => {
  await admin.query('CREATE DATABASE three_at_once');
  const url = server.url.replace(/\/scorpion$/, '/three_at_once');
  const all = await Promise.all([pgRepos(url), pgRepos(url), pgRepos(url)]);
  opened.push(...all);
  for (const repos of all) expect(await repos.ready()).toStrictEqual({ ok: true });
});

test('a move number one process stored is a SeqTakenError on another', async () => {
  await admin.query('CREATE DATABASE two_processes');
  const url = server.url.replace(/\/scorpion$/, '/two_processes');
  const [one, two] = await Promise.all([pgRepos(url), pgRepos(url)]);
  opened.push(one, two);
  const row = gameRow('a');
  await one.games.create(row);
  const action = { seq: 0, at: 1, action: { kind: 'deal' } } as const;
  await one.games.append(row.id, action);
  await expect(two.games.append(row.id, action)).rejects.toBeInstanceOf(SeqTakenError);
  expect(await two.games.actions(row.id)).toStrictEqual([action]);
});

test("moves are acknowledged only once on disk: synchronous_commit is on for the server's connections, whatever the database's default", async () => {
  await admin.query('CREATE DATABASE lax');
  await admin.query('ALTER DATABASE lax SET synchronous_commit TO off');
  const lax = await openPg(server.url.replace(/\/scorpion$/, '/lax'));
  const setting = await lax.pool.query('SHOW synchronous_commit');
  await lax.close();
  expect(setting.rows).toStrictEqual([{ synchronous_commit: 'on' }]);
});

test('readiness says when the newest migration is missing or PostgreSQL is gone', async () => {
  await admin.query('CREATE DATABASE not_ready');
  const url = server.url.replace(/\/scorpion$/, '/not_ready');
  const repos = await pgRepos(url);
  const latest = latestMigration(PG_MIGRATIONS);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  await db.query('DELETE FROM drizzle.__drizzle_migrations WHERE hash = $1', [latest.hash]);
  expect(await repos.ready()).toMatchObject({ ok: false, reason: /latest migration/ });
  await db.query('DROP TABLE drizzle.__drizzle_migrations');
  expect(await repos.ready()).toMatchObject({ ok: false, reason: /migrations unreadable/ });
  await db.end();
  await repos.close();
  expect(await repos.ready()).toMatchObject({ ok: false, reason: /database unavailable/ });
});
