import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { type ChildServer, spawnServer } from './child.ts';

const CLOCK_AHEAD = new URL('./clock-ahead.mjs', import.meta.url).href;

export interface ChildServers {
  /** The temporary directory the database lives in. */
  readonly dir: string;
  readonly databasePath: string;
  /** What every child gets: the database, a secret, and the test file's own additions. */
  readonly env: Readonly<Record<string, string>>;
  /**
   * Spawns one more server process on that database (a restart, after the last one died).
   * `clockAheadMs` sets its clock that far ahead of the real one (see `clock-ahead.mjs`): a
   * restart that seems to come after a long downtime. Keep it for every later start, as a
   * clock never runs back.
   */
  start(options?: { clockAheadMs?: number }): Promise<ChildServer>;
}

/**
 * Server processes on one temporary database, for a test file that kills and restarts them
 * (`nodeArgs` go to each child's node, e.g. an `--import` of a test clock).
 * After the file's tests every child still running is killed and the directory removed.
 */
export function childServers(
  name: string,
  env: Record<string, string> = {},
  nodeArgs: readonly string[] = [],
): ChildServers {
  const dir = mkdtempSync(join(tmpdir(), `scorpion-${name}-`));
  const databasePath = join(dir, 'scorpion.db');
  const fullEnv = { DATABASE_PATH: databasePath, SCORPION_SECRET: `${name}-test-secret-${'x'.repeat(32)}`, ...env };
  const running: ChildServer[] = [];
  afterAll(async () => {
    for (const s of running) s.process.kill('SIGKILL');
    await Promise.all(running.map((s) => s.exited));
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    dir,
    databasePath,
    env: fullEnv,
    async start({ clockAheadMs = 0 } = {}) {
      const server = await spawnServer({ ...fullEnv, TEST_CLOCK_AHEAD_MS: String(clockAheadMs) }, [
        '--import',
        CLOCK_AHEAD,
        ...nodeArgs,
      ]);
      running.push(server);
      return server;
    },
  };
}
