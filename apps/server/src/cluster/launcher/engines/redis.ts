import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createConnection } from 'node:net';

/** Debian's `redis-server` (package redis-server). */
export const REDIS_SERVER = process.env.REDIS_SERVER ?? 'redis-server';

export interface RunningRedis {
  /** `redis://127.0.0.1:PORT`, answering PING. */
  readonly url: string;
  readonly port: number;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts a real Redis on loopback with nothing saved to disk: Redis only ever holds what can be
 * rebuilt from PostgreSQL, so a restart that empties it loses nothing.
 */
export async function startRedis(o: {
  dir: string;
  port: number;
  /** In a process group of its own, so a Ctrl-C meant for `pnpm cluster` does not stop it first. */
  detached?: boolean;
}): Promise<RunningRedis> {
  mkdirSync(o.dir, { recursive: true });
  const child = spawn(
    REDIS_SERVER,
    [
      '--port',
      String(o.port),
      '--bind',
      '127.0.0.1',
      '--dir',
      o.dir,
      '--save',
      '',
      '--appendonly',
      'no',
      '--logfile',
      '',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: o.detached ?? false },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await Promise.race([
    waitForPing(o.port),
    exited.then((code) => {
      throw new Error(`redis-server exited with ${code} before answering`);
    }),
  ]);
  return {
    url: `redis://127.0.0.1:${o.port}`,
    port: o.port,
    process: child,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function waitForPing(port: number): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (await pings(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`redis on port ${port} did not answer PING`);
}

/** One PING over a fresh connection: true on `+PONG`. */
function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('error', () => resolve(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
  });
}
