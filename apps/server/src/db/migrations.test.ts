import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';

const DRIZZLE_KIT = fileURLToPath(new URL('../../node_modules/.bin/drizzle-kit', import.meta.url));
const SCHEMA = fileURLToPath(new URL('./schema.ts', import.meta.url));
const MIGRATIONS = fileURLToPath(new URL('../../../../drizzle', import.meta.url));
const PG_SCHEMA = fileURLToPath(new URL('./pg-schema.ts', import.meta.url));
const PG_MIGRATIONS = join(MIGRATIONS, 'postgres');
const work = mkdtempSync(join(tmpdir(), 'scorpion-migrations-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/*
 * The server applies the SQL in drizzle/ at start; the code reads and writes through schema.ts.
 * If someone edits the schema and forgets `pnpm --filter @scorpion/server db:generate`, the two
 * disagree and the first query on the new column fails in production. drizzle-kit, run on a copy
 * of the migrations, must find nothing left to generate.
 */
test('the committed migrations match the schema: drizzle-kit finds nothing to generate', () => {
  cpSync(MIGRATIONS, join(work, 'drizzle'), { recursive: true });
  const before = readdirSync(join(work, 'drizzle')).sort();
  // drizzle-kit wants `--out` relative to its working directory.
  const run = spawnSync(DRIZZLE_KIT, ['generate', '--dialect', 'sqlite', '--schema', SCHEMA, '--out', 'drizzle'], {
    cwd: work,
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toContain('No schema changes');
  expect(readdirSync(join(work, 'drizzle')).sort()).toEqual(before);
});

test('the committed PostgreSQL migrations match pg-schema.ts: drizzle-kit finds nothing to generate', () => {
  const out = join(work, 'postgres');
  cpSync(PG_MIGRATIONS, out, { recursive: true });
  const before = readdirSync(out).sort();
  const run = spawnSync(
    DRIZZLE_KIT,
    ['generate', '--dialect', 'postgresql', '--schema', PG_SCHEMA, '--out', 'postgres'],
    { cwd: work, encoding: 'utf8' },
  );
  expect(run.status, run.stderr).toBe(0);
  expect(run.stdout).toContain('No schema changes');
  expect(readdirSync(out).sort()).toEqual(before);
});
