import { buildApp } from './app.ts';
import { configFromEnv } from './config.ts';

/** The entry point: configuration from the environment, one port, graceful close on signals. */
const config = configFromEnv();
const app = await buildApp({
  databasePath: config.databasePath,
  databaseSync: config.databaseSync,
  secret: config.secret,
  webDist: config.webDist,
  allowedOrigins: config.allowedOrigins,
  countdownMs: config.countdownMs,
  logger: { level: config.logLevel },
});

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
