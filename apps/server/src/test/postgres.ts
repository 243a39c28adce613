import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from '../cluster/launcher/engines/ports.ts';
import { type RunningPostgres, startPostgres } from '../cluster/launcher/engines/postgres.ts';

export interface TestPostgres {
  /** The `scorpion` database's URL. */
  readonly url: string;
  /** A superuser connection, for what a test checks behind the server's back. */
  readonly admin: pg.Client;
  /** Creates a database of its own (`CREATE DATABASE name options`) and returns its URL. */
  database(name: string, options?: string): Promise<string>;
  /** Stops PostgreSQL (a fast shutdown), or crashes it (SIGKILL to the postmaster), for an outage. */
  down(how: 'stop' | 'crash'): Promise<void>;
  /** Starts it again on the same data and port (after a crash, from its WAL); `admin` reconnects. */
  up(): Promise<void>;
}

/**
 * A real PostgreSQL for one test file: started before its first test (a throwaway cluster,
 * `durable: false`), stopped and deleted after its last.
 */
export function testPostgres(label: string): TestPostgres {
  const dir = mkdtempSync(join(tmpdir(), `scorpion-${label}-`));
  let server: RunningPostgres | undefined;
  let admin: pg.Client | undefined;
  let port = 0;
  const connectAdmin = async () => {
    admin = new pg.Client({ connectionString: server!.url });
    // Its connection breaks in an outage a test makes; what it reads is read after `up`.
    admin.on('error', () => {});
    await admin.connect();
  };
  beforeAll(async () => {
    port = await freePort();
    server = await startPostgres({ dir, port, durable: false });
    await connectAdmin();
  }, 60_000);
  // A fast shutdown checkpoints first, which on a loaded machine takes longer than a hook's 10 s.
  afterAll(async () => {
    await admin?.end();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);
  return {
    get url() {
      return server!.url;
    },
    get admin() {
      return admin!;
    },
    async down(how) {
      await admin?.end().catch(() => {});
      admin = undefined;
      await (how === 'stop' ? server!.stop() : server!.crash());
    },
    async up() {
      server = await startPostgres({ dir, port, durable: false });
      await connectAdmin();
    },
    async database(name, options = '') {
      await admin!.query(`CREATE DATABASE ${name} ${options}`);
      return server!.url.replace(/\/scorpion$/, `/${name}`);
    },
  };
}
