import pg from 'pg';
import { afterEach, expect, test } from 'vitest';
import { openPg, PG_MIGRATIONS } from '../../db/pg-open.ts';
import { testPostgres } from '../../test/postgres.ts';
import { gameRow } from '../contract/fixtures.ts';
import { repoContract } from '../contract/index.ts';
import { SeqTakenError } from '../errors.ts';
import { latestMigration } from '../sqlite/ready.ts';
import type { Repos } from '../types.ts';
import { pgRepos } from './index.ts';

const postgres = testPostgres('pg-contract');
let databases = 0;
const opened: Repos[] = [];

afterEach(async () => {
  for (const repos of opened.splice(0)) await repos.close();
});

/**
 * A linguistic default collation, as most installed PostgreSQL servers have (ours is started with
 * `--no-locale`): the contract's byte-order ties then hold only because the store asks for them.
 */
const LINGUISTIC = "TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C'";

// Each test gets a database of its own on the one server, migrated as the server would be.
repoContract(async () => {
  const repos = await pgRepos(await postgres.database(`contract_${++databases}`, LINGUISTIC));
  opened.push(repos);
  return repos;
});

// Beyond the contract, what only PostgreSQL has: several processes starting on one database.
test('three processes starting at once on a new database: one migrates, all are ready', async () => {
  const url = await postgres.database('three_at_once');
  const all = await Promise.all([pgRepos(url), pgRepos(url), pgRepos(url)]);
  opened.push(...all);
  for (const repos of all) expect(await repos.ready()).toStrictEqual({ ok: true });
});

test('a move number one process stored is a SeqTakenError on another', async () => {
  const url = await postgres.database('two_processes');
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
  const url = await postgres.database('lax');
  await postgres.admin.query('ALTER DATABASE lax SET synchronous_commit TO off');
  const lax = await openPg(url);
  const setting = await lax.pool.query('SHOW synchronous_commit');
  await lax.close();
  expect(setting.rows).toStrictEqual([{ synchronous_commit: 'on' }]);
});

test('readiness does not wait behind the queries queued in a busy pool', async () => {
  const url = await postgres.database('busy');
  const repos = await pgRepos(url);
  opened.push(repos);
  const locker = new pg.Client({ connectionString: url });
  await locker.connect();
  await locker.query('BEGIN');
  await locker.query('LOCK TABLE settings IN ACCESS EXCLUSIVE MODE');
  // More reads than the pool has connections, all waiting on the lock: the pool is full, with a queue.
  const stuck = Array.from({ length: 12 }, (_, i) => repos.settings.get(`key${i}`));
  expect(await repos.ready()).toStrictEqual({ ok: true });
  await locker.query('COMMIT');
  await locker.end();
  expect(await Promise.all(stuck)).toStrictEqual(Array.from({ length: 12 }, () => undefined));
});

test('readiness says when the newest migration is missing or PostgreSQL is gone', async () => {
  const url = await postgres.database('not_ready');
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

test('a cookie token stored on a player row by an older server moves into a session of its own, once, however many processes start', async () => {
  const url = await postgres.database('legacy_tokens');
  const [one, two] = await Promise.all([pgRepos(url), pgRepos(url)]);
  opened.push(one, two);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  await db.query(
    "INSERT INTO players (id, nickname, nickname_key, token_hash, created_at) VALUES ('old', 'Old', 'old', 'old hash', 3)",
  );
  await db.end();
  const moved = await Promise.all([one.sessions.adoptLegacyTokens(50), two.sessions.adoptLegacyTokens(50)]);
  expect(moved.sort()).toStrictEqual([0, 1]);
  expect(await one.players.byTokenHash('old hash')).toStrictEqual({ id: 'old', nickname: 'Old' });
  expect(await two.sessions.ofPlayer('old')).toStrictEqual([
    { id: 'old', playerId: 'old', tokenHash: 'old hash', label: 'First device', createdAt: 3, lastSeenAt: 50 },
  ]);
});

test('the actions of several games that come within one window are stored by one commit when it closes, and only then acknowledged', async () => {
  let now = 0;
  const due: (() => void)[] = [];
  const groups: [number, number][] = [];
  const timer = { now: () => now, after: (_ms: number, run: () => void) => void due.push(run) };
  const repos = await pgRepos(await postgres.database('one_window'), {
    timer,
    windowMs: 15,
    onGroup: (waited, actions) => groups.push([waited, actions]),
  });
  opened.push(repos);
  const [a, b] = [gameRow('a'), gameRow('b')];
  await repos.games.create(a);
  await repos.games.create(b);
  const acked: string[] = [];
  const action = { seq: 0, at: 1, action: { kind: 'deal' } } as const;
  const first = repos.games.append(a.id, action).then(() => acked.push('a'));
  now = 10;
  const second = repos.games.append(b.id, action).then(() => acked.push('b'));
  // The window is open: nothing stored, nothing acknowledged (a read's round trip later).
  expect(await repos.games.actions(a.id)).toStrictEqual([]);
  expect(acked).toStrictEqual([]);
  now = 15;
  expect(due).toHaveLength(1);
  due.shift()!();
  await Promise.all([first, second]);
  expect(acked).toStrictEqual(['a', 'b']);
  expect(groups).toStrictEqual([[0.015, 2]]);
  expect(await repos.games.actions(b.id)).toStrictEqual([action]);
});
