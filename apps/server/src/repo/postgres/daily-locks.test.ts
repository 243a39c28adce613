import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, expect, test } from 'vitest';
import { PG_MIGRATIONS } from '../../db/pg-open.ts';
import { dailyResults, games } from '../../db/pg-schema.ts';
import { insertAsOfPg, migrationsBefore, rankedTwice, resultOf } from '../../test/migrations-before.ts';
import { testPostgres } from '../../test/postgres.ts';
import { dayAfter, gameRow } from '../contract/fixtures.ts';
import { RankedDailyTaken } from '../errors.ts';
import type { DailyDealRow, Repos } from '../types.ts';
import { CERTIFY_LOCK } from './daily.ts';
import { pgRepos } from './index.ts';
import { LEADER_LOCK } from './leader.ts';

/** How long to wait for another connection or process to get somewhere on a loaded machine (never the point of a test). */
const PATIENT = { timeout: 20_000, interval: 20 };
const postgres = testPostgres('pg-daily');
let databases = 0;
const opened: Repos[] = [];

// Runs before the server stops: vitest runs a file's after-hooks last registered first.
afterAll(async () => {
  for (const repos of opened) await repos.close();
});

/** Three processes' repositories on one new database. */
async function threeProcesses(): Promise<Repos[]> {
  const url = await postgres.database(`daily_${++databases}`);
  const all = [await pgRepos(url), await pgRepos(url), await pgRepos(url)];
  opened.push(...all);
  return all;
}

/** How many sessions wait for an advisory lock taken with `classId` as the first of its two keys. */
async function waitingFor(classId: number): Promise<number> {
  const { rows } = await postgres.admin.query<{ n: string }>(
    "SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND classid = $1",
    [classId],
  );
  return Number(rows[0]!.n);
}

test('three processes asking for a new day at once: one certifies, the two others wait and get its deal', async () => {
  const all = await threeProcesses();
  let made = 0;
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const make = async (): Promise<DailyDealRow> => {
    made += 1;
    await held;
    return {
      date: dayAfter(0),
      day: 1,
      variant: 'scorpion',
      seed: `certified by call ${made}`,
      deck: [1, 2, 3],
      candidate: 0,
      certifiedBy: 'test',
      line: null,
      difficulty: null,
    };
  };
  const asks = all.map((repos) => repos.daily.dealOnce(dayAfter(0), make));
  // The first to take the lock certifies (it may still be reading the day when the two others
  // queue, so each is awaited on its own); the two others are queued on PostgreSQL's lock.
  await expect.poll(() => made, PATIENT).toBe(1);
  await expect.poll(() => waitingFor(CERTIFY_LOCK), PATIENT).toBe(2);
  release();
  expect((await Promise.all(asks)).map((d) => d.seed)).toStrictEqual(Array(3).fill('certified by call 1'));
  expect(made).toBe(1);
  expect(await waitingFor(CERTIFY_LOCK)).toBe(0);
});

test("one process's ranked game of the day is a RankedDailyTaken on another", async () => {
  const [one, two] = await threeProcesses();
  await one!.games.create(gameRow('a', { kind: 'daily', dailyDate: dayAfter(0), ranked: true }));
  const other = gameRow('a', { kind: 'daily', dailyDate: dayAfter(0), ranked: true });
  await expect(two!.games.create(other)).rejects.toBeInstanceOf(RankedDailyTaken);
  expect(await two!.games.get(other.id)).toBeUndefined();
});

test('one process leads; when its connection dies the next to ask leads, and the old one no longer does', async () => {
  const [a, b, c] = await threeProcesses();
  expect(await a!.leader.lead()).toBe(true);
  expect(await b!.leader.lead()).toBe(false);
  expect(await c!.leader.lead()).toBe(false);
  expect(await a!.leader.lead()).toBe(true);

  // The leader's session is cut (its process died, or the network): PostgreSQL frees the lock.
  await postgres.admin.query(
    "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND granted AND objid = $1",
    [LEADER_LOCK],
  );
  await expect.poll(() => b!.leader.lead(), PATIENT).toBe(true);
  expect(await a!.leader.lead()).toBe(false);
  expect(await c!.leader.lead()).toBe(false);

  // A leader that closes (a process stopping) hands over too.
  await b!.close();
  opened.splice(opened.indexOf(b!), 1);
  await expect.poll(() => c!.leader.lead(), PATIENT).toBe(true);
  expect(await a!.leader.lead()).toBe(false);
});

test('the migration to one ranked daily per player keeps the game holding the result, unranks the others', async () => {
  const url = await postgres.database('ranked_twice');
  const before = new pg.Client({ connectionString: url });
  await before.connect();
  const old = drizzle({ client: before });
  await migrate(old, {
    migrationsFolder: migrationsBefore(
      PG_MIGRATIONS,
      '0003_daily_ranked_once',
      mkdtempSync(join(tmpdir(), 'scorpion-before-ranked-once-')),
    ),
  });
  const { games: rows, withResult, ranked } = rankedTwice();
  await insertAsOfPg(before, games, rows);
  await old.insert(dailyResults).values(resultOf(withResult));
  await before.end();

  const repos = await pgRepos(url);
  opened.push(repos);
  const after = await Promise.all(rows.map((g) => repos.games.get(g.id)));
  expect(
    after
      .filter((g) => g!.ranked)
      .map((g) => g!.id)
      .sort(),
  ).toStrictEqual(ranked);
});
