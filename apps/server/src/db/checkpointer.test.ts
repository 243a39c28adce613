import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, test } from 'vitest';
import { startCheckpointer } from './checkpointer.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function walDatabase(): string {
  const dir = mkdtempSync(join(tmpdir(), 'checkpointer-'));
  dirs.push(dir);
  const path = join(dir, 'db.sqlite');
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.close();
  return path;
}

// A stop right after the start reaches the thread while it may still be loading the native
// driver: it must end by itself (exit code 0), never be terminated there (code 1), which on
// Node 24 aborts the process.
test('a checkpointer stopped as soon as it starts ends itself, every time', async () => {
  const path = walDatabase();
  const codes: number[] = [];
  for (let i = 0; i < 5; i++) codes.push(await startCheckpointer(path).stop());
  expect(codes).toEqual([0, 0, 0, 0, 0]);
});

// A checkpoint that fails (on a full disk: SQLITE_FULL, as the pages it copies cannot be written)
// is that request's rejection, with SQLite's code; the thread lives on for the next one. Here a
// file that is not a database makes every checkpoint fail, without needing a full disk.
test('a failed checkpoint is rejected with its code, and the thread answers the next one', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'checkpointer-'));
  dirs.push(dir);
  const path = join(dir, 'not-a-database');
  writeFileSync(path, 'x'.repeat(4096));
  const checkpointer = startCheckpointer(path);
  await expect(checkpointer.checkpoint('passive')).rejects.toMatchObject({ code: 'SQLITE_NOTADB' });
  await expect(checkpointer.checkpoint('catch-up')).rejects.toMatchObject({ code: 'SQLITE_NOTADB' });
  expect(await checkpointer.stop()).toBe(0);
});
