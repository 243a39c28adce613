import { createSolverPool } from '@scorpion/solver';
import { buildApp } from './app.ts';
import { configFromEnv } from './config.ts';
import { DatabaseInUse, lockDatabase, type ServerLock } from './db/server-lock.ts';
import { exitOnSignals } from './ops/shutdown.ts';
import { loadPuzzles } from './puzzles/catalogue.ts';
import { scaledLimits } from './routes/limits.ts';

/**
 * The entry point: configuration from the environment, one port, and a graceful close on
 * SIGTERM/SIGINT (sockets told 1012 "restarting", writes finished, WAL checkpointed).
 */
const config = configFromEnv();
// One server to a SQLite file, made sure of before anything opens it (PostgreSQL takes many).
if (!config.databaseUrl) holdUntilExit(lockOrExit(config.databasePath));
// Daily deals and "winnable only" races are certified by the solver, on its own threads.
const app = await buildApp({
  solver: config.certify === 'solver' ? createSolverPool({ threads: 1 }) : undefined,
  // Ranked games are weighed for evidence on a thread of their own at the lowest priority.
  evidence: config.certify === 'solver' ? evidencePool(createSolverPool({ threads: 1, priority: 19 })) : undefined,
  databasePath: config.databasePath,
  databaseUrl: config.databaseUrl,
  databaseSync: config.databaseSync,
  secret: config.secret,
  webDist: config.webDist,
  exportsDir: config.exportsDir,
  puzzles: loadPuzzles(config.puzzlesDir),
  allowedOrigins: config.allowedOrigins,
  metricsToken: config.metricsToken,
  countdownMs: config.countdownMs,
  nodeId: config.nodeId,
  trustProxy: config.trustProxy,
  limits: scaledLimits(config.rateLimitScale),
  redisUrl: config.redisUrl,
  webauthn: config.webauthn,
  logger: { level: config.logLevel },
});

exitOnSignals(app);

await app.listen({ port: config.port, host: config.host });
// The URL may carry a password: it is not logged.
const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.databasePath;
app.log.info({ database }, 'scorpion race server ready');

/** The lock, or the reason another server holds the file, on stderr, and exit status 1. */
function lockOrExit(databasePath: string): ServerLock {
  try {
    return lockDatabase(databasePath);
  } catch (error) {
    if (!(error instanceof DatabaseInUse)) throw error;
    process.stderr.write(`scorpion: ${error.message}\n`);
    process.exit(1);
  }
}

/**
 * Keeps the lock to the very end, after the database has been closed: released as the process
 * exits (the kernel would drop it then anyway), and referenced until then, so no collection of
 * its connection can drop it early.
 */
function holdUntilExit(lock: ServerLock): void {
  process.once('exit', () => lock.release());
}

function evidencePool(pool: ReturnType<typeof createSolverPool>) {
  return { pool, close: () => pool.close() };
}
