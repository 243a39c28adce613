import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDb } from '../db/open.ts';

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'scorpion-backup-cli-'));
const database = join(dir, 'live', 'scorpion.db');
const caller = join(dir, 'caller');

beforeAll(async () => {
  await openDb(database).close();
  mkdirSync(caller);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The CLI as the container runs it, typed from `caller` (pnpm passes that on as INIT_CWD). */
function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'src/ops/backup-cli.ts', ...args],
      { cwd: SERVER_DIR, env: { ...process.env, DATABASE_PATH: database, INIT_CWD: caller } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

test('usage, a relative PATH from the caller, refusal to overwrite, --force; exit codes 2, 0, 1, 0', async () => {
  const [usage, first] = await Promise.all([cli(), cli('nightly.db')]);
  expect(usage).toMatchObject({ code: 2, stdout: '' });
  expect(usage.stderr).toMatch(/^usage: pnpm backup PATH/);

  expect(first.code).toBe(0);
  expect(first.stdout).toContain(`backup written: ${join(caller, 'nightly.db')}`);
  expect(first.stdout).toMatch(/integrity: ok; migrations: \d+ \(latest \d{4}_\w+\)/);
  expect(first.stdout).toMatch(/games: 0; moves: 0/);
  expect(existsSync(join(caller, 'nightly.db'))).toBe(true);

  const again = await cli('nightly.db');
  expect(again).toMatchObject({ code: 1, stdout: '' });
  expect(again.stderr).toMatch(/^backup failed \(exists\): .*--force/);
  expect((await cli('--force', 'nightly.db')).code).toBe(0);
}, 30_000);

test('--help prints the usage on stdout with status 0 and backs nothing up', async () => {
  const help = await cli('--help');
  expect(help).toMatchObject({ code: 0, stderr: '' });
  expect(help.stdout).toMatch(/^usage: pnpm backup PATH/);
  expect(existsSync(join(caller, '--help'))).toBe(false);
}, 30_000);
