import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { asc } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, expect, test } from 'vitest';
import { gameRow } from '../repo/contract/fixtures.ts';
import { insertAsOf, migrationsBefore } from '../test/migrations-before.ts';
import { MIGRATIONS, openDb } from './open.ts';
import { actions, games } from './schema.ts';

const work = mkdtempSync(join(tmpdir(), 'scorpion-actions-without-rowid-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

test('the migration to a WITHOUT ROWID actions table keeps every action, and a taken seq is still refused', async () => {
  const path = join(work, 'scorpion.db');
  const before = new Database(path);
  const old = drizzle(before);
  migrate(old, {
    migrationsFolder: migrationsBefore(MIGRATIONS, '0010_actions_without_rowid', join(work, 'drizzle')),
  });
  const rows = [gameRow('p'), gameRow('q')];
  insertAsOf(before, games, rows);
  const stored = rows.flatMap((g, i) =>
    [0, 1, 2].map((seq) => ({
      gameId: g.id,
      seq,
      action: JSON.stringify({ kind: i ? 'undo' : 'deal' }),
      at: 1000 + seq,
    })),
  );
  old.insert(actions).values(stored).run();
  before.close();

  const opened = openDb(path);
  try {
    const after = opened.db.select().from(actions).orderBy(asc(actions.gameId), asc(actions.seq)).all();
    // SQLite orders text bytewise, as `<` does.
    const byKey = (a: (typeof stored)[0], b: (typeof stored)[0]) =>
      a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : a.seq - b.seq;
    expect(after).toStrictEqual([...stored].sort(byKey));
    const table = (opened.sqlite.pragma('table_list') as { name: string; wr: number }[]).find(
      (t) => t.name === 'actions',
    );
    expect(table?.wr).toBe(1);
    expect(() => opened.db.insert(actions).values(stored[0]!).run()).toThrow(
      expect.objectContaining({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' }),
    );
  } finally {
    await opened.close();
  }
});
