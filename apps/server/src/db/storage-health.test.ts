import { expect, test, vi } from 'vitest';
import { StorageHealth, storageFault } from './storage-health.ts';

const sqliteError = (code: string) => Object.assign(new Error(code), { code });

test('a disk refusing a write is told from every other failure, by its code or its cause', () => {
  expect(storageFault(sqliteError('SQLITE_FULL'))).toBe('full');
  expect(storageFault(sqliteError('SQLITE_READONLY'))).toBe('read-only');
  expect(storageFault(sqliteError('SQLITE_READONLY_DIRECTORY'))).toBe('read-only');
  expect(storageFault(sqliteError('SQLITE_IOERR_WRITE'))).toBe('io-error');
  expect(storageFault(sqliteError('SQLITE_CANTOPEN'))).toBe('io-error');
  expect(storageFault(new Error('query failed', { cause: sqliteError('SQLITE_FULL') }))).toBe('full');
  expect(storageFault(sqliteError('SQLITE_CONSTRAINT_PRIMARYKEY'))).toBeUndefined();
  expect(storageFault(sqliteError('SQLITE_BUSY'))).toBeUndefined();
  expect(storageFault(new TypeError('a bug'))).toBeUndefined();
});

test('each change is heard once, however many writes fail or pass in a row', () => {
  const onChange = vi.fn();
  const health = new StorageHealth(onChange);
  const full = sqliteError('SQLITE_FULL');
  for (let i = 0; i < 100; i++) expect(health.failed(full)).toBe('full');
  expect(health.failed(sqliteError('SQLITE_CONSTRAINT_UNIQUE'))).toBeUndefined();
  expect(health.state).toBe('full');
  for (let i = 0; i < 100; i++) health.succeeded();
  health.failed(sqliteError('SQLITE_READONLY'));
  expect(onChange.mock.calls).toStrictEqual([
    ['full', full],
    ['up', undefined],
    ['read-only', expect.any(Error)],
  ]);
});

test('while the disk was last read as nearly full, a write that goes through does not call it up', () => {
  const onChange = vi.fn();
  const health = new StorageHealth(onChange);
  health.room(true);
  health.room(true);
  health.succeeded();
  expect(health.state).toBe('full');
  health.room(false);
  expect(health.state).toBe('full');
  health.succeeded();
  expect(health.state).toBe('up');
  expect(onChange.mock.calls.map(([state]) => state)).toStrictEqual(['full', 'up']);
});
