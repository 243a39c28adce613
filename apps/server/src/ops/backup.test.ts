import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GameSnapshot } from '@scorpion/protocol';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signUp, TestClient } from '../test/client.ts';
import { fixedDeals, WINNING } from '../test/deals.ts';
import { type RunningServer, startServer } from '../test/helper.ts';
import { BackupError, backupDatabase } from './backup.ts';

let server: RunningServer;
let client: TestClient;
let game: GameSnapshot;
const dir = mkdtempSync(join(tmpdir(), 'scorpion-backup-'));
beforeAll(async () => {
  server = await startServer({ deals: fixedDeals });
  client = await TestClient.connect(server.wsUrl, (await signUp(server.url, 'Backup Bea')).cookie);
  client.send({ type: 'practice-start', variant: 'scorpion', options: { foundations: false, open: false } });
  game = await client.play((await client.next('game')).game, WINNING.moves.slice(0, 5));
});
afterAll(async () => {
  await client.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const rows = (path: string, sql: string) => {
  const db = new Database(path, { readonly: true });
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
};

test('a backup taken while moves are committed is one whole, verified, self-contained file', async () => {
  const dest = join(dir, 'live.db');
  // Moves keep landing while the copy is made.
  const playing = client.play(game, WINNING.moves.slice(5, 25));
  const report = await backupDatabase(server.databasePath, dest);
  game = await playing;

  expect(report).toMatchObject({ path: dest, source: server.databasePath, games: 1 });
  expect(report.bytes).toBeGreaterThan(0);
  expect(report.migrations.applied).toBeGreaterThan(0);
  expect(report.migrations.latest).toMatch(/^\d{4}_/);
  expect(report.tables).toMatchObject({ games: 1, players: 1, actions: report.moves });
  expect(report.moves).toBeGreaterThanOrEqual(5);
  expect(report.moves).toBeLessThanOrEqual(25);
  // A consistent moment: the stored actions run 0…n-1 with no gap.
  expect(rows(dest, 'SELECT max(seq) + 1 AS next, count(*) AS n FROM actions')).toEqual([
    { next: report.moves, n: report.moves },
  ]);
  expect(rows(dest, 'PRAGMA journal_mode')).toEqual([{ journal_mode: 'delete' }]);
  expect(readdirSync(dir)).toEqual(['live.db']);
});

describe('refusals are typed and write nothing', () => {
  const refused = async (source: string, dest: string, code: BackupError['code'], force = false) => {
    const error = await backupDatabase(source, dest, { force }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as BackupError).code).toBe(code);
  };

  test('an existing file is kept unless forced; then it is replaced whole', async () => {
    const dest = join(dir, 'twice.db');
    writeFileSync(dest, 'not a database');
    await refused(server.databasePath, dest, 'exists');
    expect(readdirSync(dir)).not.toContainEqual(expect.stringMatching(/\.tmp$|\.probe$/));
    const report = await backupDatabase(server.databasePath, dest, { force: true });
    expect(report.games).toBe(1);
    expect(rows(dest, 'PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
  });

  test('no database, no directory, a directory nobody can write in, the live file itself', async () => {
    const sub = join(dir, 'refusals');
    mkdirSync(sub);
    await refused(join(sub, 'missing.db'), join(sub, 'a.db'), 'no-database');
    await refused(server.databasePath, join(sub, 'nowhere', 'a.db'), 'no-directory');
    // Nobody, root included, can create a file in /proc.
    await refused(server.databasePath, '/proc/scorpion-backup.db', 'not-writable');
    await refused(server.databasePath, sub, 'exists', true);
    await refused(server.databasePath, server.databasePath, 'same-file', true);
    await refused(server.databasePath, `${server.databasePath}-wal`, 'same-file', true);
    await refused(server.databasePath, `${server.databasePath}.lock`, 'same-file', true);
    expect(readdirSync(sub)).toEqual([]);
    expect(existsSync('/proc/scorpion-backup.db')).toBe(false);
  });

  test('a file that is not our database fails verification and leaves nothing behind', async () => {
    const foreign = join(dir, 'foreign.db');
    const db = new Database(foreign);
    db.exec('CREATE TABLE t (x)');
    db.close();
    await refused(foreign, join(dir, 'from-foreign.db'), 'verify-failed');
    expect(readdirSync(dir).filter((name) => name.includes('from-foreign'))).toEqual([]);
  });
});
