import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppOptions, buildApp, type ScorpionApp } from '../app.ts';
import type { Limit, Limits } from '../routes/limits.ts';
import { knownDeals } from './deals.ts';

/** The secret every in-process test server signs cookies and deals the daily with. */
export const TEST_SECRET = 'test-secret-test-secret-test-secret';

const NO_LIMIT: Limit = { max: 1_000_000, windowMs: 60_000 };
/**
 * Tests (and the e2e server, and the benches) sign up, look up and read boards by the dozen from
 * one address: the limits are lifted unless a test sets its own.
 */
export const LIFTED: Limits = {
  signup: NO_LIMIT,
  signupAddress: NO_LIMIT,
  rename: NO_LIMIT,
  roomCreate: NO_LIMIT,
  roomLookup: NO_LIMIT,
  boards: NO_LIMIT,
  linkCode: NO_LIMIT,
  linkTry: NO_LIMIT,
  passkeySignIn: NO_LIMIT,
  queueJoin: NO_LIMIT,
  report: NO_LIMIT,
  hint: NO_LIMIT,
};

export interface RunningServer {
  readonly app: ScorpionApp;
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  /** `ws://127.0.0.1:PORT/ws` */
  readonly wsUrl: string;
  readonly databasePath: string;
  /** Closes the server; removes the temporary database unless it was given. */
  close(): Promise<void>;
}

/**
 * The real app on a real SQLite file and a real port (0: any free one), for integration and
 * end-to-end tests. Without `databasePath`, the database lives in a fresh temporary directory.
 */
export async function startServer(options: Partial<AppOptions> = {}): Promise<RunningServer> {
  const dir = options.databasePath ? undefined : mkdtempSync(join(tmpdir(), 'scorpion-test-'));
  const databasePath = options.databasePath ?? join(dir!, 'scorpion.db');
  // Tests play whole games in a blink, so the flood limit is raised unless a test sets its own;
  // deals come from known seeds unless a test brings its own source.
  const secret = options.secret ?? TEST_SECRET;
  const app = await buildApp({
    secret,
    deals: knownDeals(secret),
    rateLimit: { perSecond: 2000, burst: 2000, socketsPerPlayer: 1000 },
    ...options,
    limits: { ...LIFTED, ...options.limits },
    databasePath,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    databasePath,
    async close() {
      await app.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
