import { createSolverPool } from '@scorpion/solver';
import { buildApp } from './app.ts';
import { configFromEnv } from './config.ts';
import { acceptEveryDeal } from './deals/certify.ts';
import { solverCertifier } from './deals/solver-certifier.ts';

/** The entry point: configuration from the environment, one port, graceful close on signals. */
const config = configFromEnv();
// Daily deals and "winnable only" races are certified by the solver, on its own threads.
const pool = config.certify === 'solver' ? createSolverPool({ threads: 1 }) : undefined;
const app = await buildApp({
  certifier: pool ? solverCertifier(pool) : acceptEveryDeal,
  databasePath: config.databasePath,
  databaseSync: config.databaseSync,
  secret: config.secret,
  webDist: config.webDist,
  allowedOrigins: config.allowedOrigins,
  countdownMs: config.countdownMs,
  logger: { level: config.logLevel },
});

app.addHook('onClose', async () => pool?.close());

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'closing');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error(error);
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info({ database: config.databasePath }, 'scorpion race server ready');
