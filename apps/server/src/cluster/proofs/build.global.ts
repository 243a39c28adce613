import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../../config.ts';

/** The build this process ran: `pnpm bench` starts several clusters (its server, cluster and arena benches), one build serves them all. */
let built: Promise<void> | undefined;

/**
 * Builds the server and the packages it runs on once, before the cluster tests start it from
 * dist/, and the web app it serves (apps/web/dist), which the page under an outage
 * (pg-outage-page.test.ts) loads as a player does; not when CI has just built these sources
 * (SCORPION_BUILT, .ci/run).
 */
export default function buildServer(): Promise<void> {
  if (process.env.SCORPION_BUILT) return Promise.resolve();
  built ??= promisify(execFile)('pnpm', ['--filter', '@scorpion/server...', '--filter', '@scorpion/web', 'build'], {
    cwd: REPO_ROOT,
  }).then(() => undefined);
  return built;
}
