import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from '../cluster/engines/ports.ts';
import { type RunningPostgres, startPostgres } from '../cluster/engines/postgres.ts';

export interface TestPostgres {
  /** The `scorpion` database's URL. */
  readonly url: string;
  /** A superuser connection, for what a test checks behind the server's back. */
  readonly admin: pg.Client;
  /** Creates a database of its own (`CREATE DATABASE name options`) and returns its URL. */
  database(name: string, options?: string): Promise<string>;
}

/**
 * A real PostgreSQL for one test file: started before its first test (a throwaway cluster,
 * `durable: false`), stopped and deleted after its last.
 */
export function testPostgres(label: string): TestPostgres {
  const dir = mkdtempSync(join(tmpdir(), `scorpion-${label}-`));
  let server: RunningPostgres | undefined;
  let admin: pg.Client | undefined;
  beforeAll(async () => {
    server = await startPostgres({ dir, port: await freePort(), durable: false });
    admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
  }, 60_000);
  afterAll(async () => {
    await admin?.end();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    get url() {
      return server!.url;
    },
    get admin() {
      return admin!;
    },
    async database(name, options = '') {
      await admin!.query(`CREATE DATABASE ${name} ${options}`);
      return server!.url.replace(/\/scorpion$/, `/${name}`);
    },
  };
}
