import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from '../../config.ts';
import { startCluster } from './cluster.ts';
import { clusterSettings } from './settings.ts';

/**
 * `pnpm cluster`: PostgreSQL, Redis, CLUSTER_NODES server processes and HAProxy on PORT, on this
 * machine, until Ctrl-C or SIGTERM; then everything it started stops, in order. It runs from
 * the build, like the server processes it starts (see docs/operations.md).
 */
const settings = clusterSettings(process.env, REPO_ROOT);
const log = (line: string) => process.stdout.write(`${line}\n`);
// Signals are taken from the start: a Ctrl-C while it is still starting stops what has started.
const starting = startCluster({
  ...settings,
  serverDir: fileURLToPath(new URL('../../../', import.meta.url)),
  env: process.env,
  log,
});

let stopping = false;
const onSignal = (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  log(`[cluster] ${signal}: stopping the server processes, then HAProxy, Redis and PostgreSQL`);
  starting
    .then((cluster) => cluster.stop())
    .then(
      () => {
        log('[cluster] stopped');
        process.exit(0);
      },
      (error: unknown) => {
        log(`[cluster] stop failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

starting.then(
  (cluster) =>
    log(`[cluster] serving on http://localhost:${cluster.port} through HAProxy, ${settings.nodes} server processes`),
  (error: unknown) => {
    log(`[cluster] could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
