import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { nicknameKey } from '../identity/nickname.ts';
import { pgRepos } from '../repo/postgres/index.ts';
import { sqliteRepos } from '../repo/sqlite/index.ts';
import type { Repos } from '../repo/types.ts';
import { testPostgres } from '../test/postgres.ts';

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'scorpion-moderator-cli-'));
const postgres = testPostgres('moderator-cli');
/** Four runs of the CLI, each a Node process compiling TypeScript: seconds each on a busy machine. */
const CLI_TIMEOUT = 120_000;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The CLI as the operator runs it, on the database the environment names. */
function cli(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', 'src/ops/moderator-cli.ts', ...args],
      { cwd: SERVER_DIR, env: { ...process.env, DATABASE_URL: '', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

/** Grants, grants again, revokes a player found by any spelling of their nickname. */
async function grantAndRevoke(env: Record<string, string>, open: () => Promise<Repos>): Promise<void> {
  const repos = await open();
  await repos.players.create({ id: 'mo', nickname: 'Mo Ra', nicknameKey: nicknameKey('Mo Ra'), tokenHash: 'h', at: 0 });
  await repos.close();
  expect(await cli(env, 'grant', 'mo ra')).toMatchObject({ code: 0, stdout: 'Mo Ra is now a moderator\n' });
  expect(await cli(env, 'grant', 'Mo Ra')).toMatchObject({ code: 0, stdout: 'Mo Ra was a moderator already\n' });
  const after = await open();
  expect(await after.moderation.isModerator('mo')).toBe(true);
  await after.close();
  expect(await cli(env, 'revoke', 'Mo Ra')).toMatchObject({ code: 0, stdout: 'Mo Ra is no longer a moderator\n' });
  expect(await cli(env, 'grant', 'Nobody')).toMatchObject({ code: 1, stderr: 'nobody is called Nobody\n' });
  const last = await open();
  expect(await last.moderation.isModerator('mo')).toBe(false);
  await last.close();
}

test('usage: exit 2 without a verb and a nickname', async () => {
  const usage = await cli({}, 'promote');
  expect(usage).toMatchObject({ code: 2, stdout: '' });
  expect(usage.stderr).toMatch(/^usage: pnpm moderator grant\|revoke NICKNAME/);
});

test(
  "on SQLite, the server's DATABASE_PATH",
  async () => {
    const path = join(dir, 'scorpion.db');
    await grantAndRevoke({ DATABASE_PATH: path }, async () => sqliteRepos(path));
  },
  CLI_TIMEOUT,
);

test(
  'on PostgreSQL, through DATABASE_URL',
  async () => {
    const url = await postgres.database('moderators');
    await grantAndRevoke({ DATABASE_URL: url }, () => pgRepos(url));
  },
  CLI_TIMEOUT,
);
