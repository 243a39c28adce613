import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, expect, test } from 'vitest';
import { insertAsOf, migrationsBefore, rankedTwice, resultOf } from '../test/migrations-before.ts';
import { MIGRATIONS, openDb } from './open.ts';
import { dailyResults, games } from './schema.ts';

const work = mkdtempSync(join(tmpdir(), 'scorpion-ranked-once-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

test('the migration to one ranked daily per player keeps the game holding the result, unranks the others', async () => {
  const path = join(work, 'scorpion.db');
  const before = new Database(path);
  const old = drizzle(before);
  migrate(old, { migrationsFolder: migrationsBefore(MIGRATIONS, '0005_daily_ranked_once', join(work, 'drizzle')) });
  const { games: rows, withResult, ranked } = rankedTwice();
  insertAsOf(before, games, rows);
  old.insert(dailyResults).values(resultOf(withResult)).run();
  before.close();

  const opened = openDb(path);
  const after = opened.db.select({ id: games.id, ranked: games.ranked }).from(games).all();
  await opened.close();
  expect(
    after
      .filter((g) => g.ranked)
      .map((g) => g.id)
      .sort(),
  ).toStrictEqual(ranked);
  expect(after).toHaveLength(rows.length);
});
