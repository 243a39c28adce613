import { configFromEnv } from '../config.ts';
import { pgRepos } from '../repo/postgres/index.ts';
import { sqliteRepos } from '../repo/sqlite/index.ts';
import type { Repos } from '../repo/types.ts';

/**
 * The database an operator's command works on, the one the server uses: PostgreSQL when
 * `DATABASE_URL` is set, else the SQLite file of `DATABASE_PATH`. Shared by the commands that run
 * beside the server (`pnpm moderator`, `pnpm export-games`).
 */
export async function commandRepos(env: NodeJS.ProcessEnv): Promise<Repos> {
  const url = env.DATABASE_URL?.trim();
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) throw new Error('DATABASE_URL must be a postgres:// URL');
    return pgRepos(url);
  }
  return sqliteRepos(configFromEnv({ ...env, DATABASE_URL: undefined }).databasePath);
}
