import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../../config.ts';

/** Builds the server and the packages it runs on once, before the cluster tests start it from dist/. */
export default async function buildServer(): Promise<void> {
  await promisify(execFile)('pnpm', ['--filter', '@scorpion/server...', 'build'], { cwd: REPO_ROOT });
}
