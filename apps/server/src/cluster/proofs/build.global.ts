import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../../config.ts';

/**
 * Builds the server and the packages it runs on once, before the cluster tests start it from
 * dist/, and the web app it serves (apps/web/dist), which the page under an outage
 * (pg-outage-page.test.ts) loads as a player does.
 */
export default async function buildServer(): Promise<void> {
  await promisify(execFile)('pnpm', ['--filter', '@scorpion/server...', '--filter', '@scorpion/web', 'build'], {
    cwd: REPO_ROOT,
  });
}
