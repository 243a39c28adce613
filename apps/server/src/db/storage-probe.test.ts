import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { openDb } from './open.ts';
import { StorageHealth } from './storage-health.ts';
import { storageProbe } from './storage-probe.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// Real faults on a real file: `max_page_count` at the file's size is SQLite's own SQLITE_FULL,
// `query_only` its SQLITE_READONLY. The probe writes nothing, whatever it finds.
test('the probe finds the file full, read-only or up, and tells the health each change', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'storage-probe-'));
  dirs.push(dir);
  const opened = openDb(join(dir, 'scorpion.db'), 'normal', { everyMs: null });
  const { sqlite } = opened;
  const changes: string[] = [];
  const health = new StorageHealth((state) => changes.push(state));
  const probe = storageProbe(sqlite, join(dir, 'scorpion.db'), health);
  const pages = () => sqlite.pragma('page_count', { simple: true });
  const before = pages();

  expect(probe()).toBe('up');
  sqlite.pragma(`max_page_count = ${before}`);
  expect(probe()).toBe('full');
  expect(probe()).toBe('full');
  sqlite.pragma('max_page_count = 1073741823');
  expect(probe()).toBe('up');
  sqlite.pragma('query_only = ON');
  expect(probe()).toBe('read-only');
  sqlite.pragma('query_only = OFF');
  expect(probe()).toBe('up');

  expect(changes).toStrictEqual(['full', 'up', 'read-only', 'up']);
  expect(sqlite.inTransaction).toBe(false);
  expect(sqlite.prepare("SELECT count(*) AS n FROM settings WHERE key = 'storage-probe'").get()).toEqual({ n: 0 });
  expect(pages()).toBe(before);
  await opened.close();
});
