import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SERVER_NODE_FLAGS } from '../node-flags.ts';

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));

export interface ChildServer {
  readonly url: string;
  readonly wsUrl: string;
  readonly process: ChildProcess;
  /** Resolves when the process has exited. */
  readonly exited: Promise<number | null>;
  /** Everything it has written so far, stdout then stderr. */
  readonly output: () => string;
}

/**
 * The real server as its own process (from its TypeScript sources, through tsx), on any free port:
 * what crash tests kill with SIGKILL. `env` adds to the environment (DATABASE_PATH,
 * SCORPION_SECRET, …); `nodeArgs` go to node itself (e.g. `--cpu-prof` for a profile of a
 * benchmark run).
 */
export function spawnServer(env: Record<string, string>, nodeArgs: readonly string[] = []): Promise<ChildServer> {
  const argv = [...SERVER_NODE_FLAGS, ...nodeArgs, '--conditions=source', '--import', 'tsx', 'src/server.ts'];
  return spawnNode(argv, SERVER_DIR, { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env });
}

/**
 * The built server (`node dist/server.js`, as `pnpm start` and the image run it; build it first) as
 * its own process on any free port: what the load bench measures, since tsx's transform (esbuild's
 * `keepNames` wraps every closure in `__name`) adds work the production server does not do.
 * `serverDir` is another checkout's server package, built: older code measured beside this.
 */
export async function spawnBuiltServer(
  env: Record<string, string>,
  nodeArgs: readonly string[] = [],
  serverDir = SERVER_DIR,
): Promise<ChildServer> {
  const argv = [...(await flagsOf(serverDir)), ...nodeArgs, 'dist/server.js'];
  return spawnNode(argv, serverDir, { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env });
}

/**
 * The node flags a server package's build starts with: this checkout's, or, for another
 * checkout's (`serverDir`), the list its own build exports (`dist/node-flags.js`), so that older
 * code measured beside this one runs as it ran, flags included.
 */
async function flagsOf(serverDir: string): Promise<readonly string[]> {
  if (serverDir === SERVER_DIR) return SERVER_NODE_FLAGS;
  const built = pathToFileURL(join(serverDir, 'dist/node-flags.js')).href;
  return ((await import(built)) as { SERVER_NODE_FLAGS: readonly string[] }).SERVER_NODE_FLAGS;
}

/**
 * Runs `node argv…` in `cwd` with exactly `env`, and resolves once the server in it listens (it
 * must log at `info`, and listen on 127.0.0.1).
 */
export function spawnNode(argv: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<ChildServer> {
  const child = spawn(process.execPath, argv, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  // A child must not outlive the test or benchmark that started it.
  const orphanGuard = () => child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      process.off('exit', orphanGuard);
      resolve(code);
    }),
  );
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    // A start takes a second or two; a minute is for a machine busy with other suites (20 s was once too short).
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}\n${err}`)), 60_000);
    child.stderr!.on('data', (d) => {
      err += d;
    });
    child.stdout!.on('data', (d) => {
      out += d;
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        const url = match[1]!;
        resolve({ url, wsUrl: `${url.replace('http', 'ws')}/ws`, process: child, exited, output: () => out + err });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${out}\n${err}`));
    });
  });
}
