import { execFile, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { asEngineUser, engineUser } from './user.ts';

const run = promisify(execFile);

/** Debian's PostgreSQL 15 server binaries (`initdb`, `pg_ctl`, `postgres`). */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PostgresOptions {
  /** The cluster's data directory; created (with `initdb`) when it holds none. */
  readonly dir: string;
  readonly port: number;
  /**
   * Off for throwaway test clusters only: `fsync=off` spares the disk, and a crash of the whole
   * machine could then lose commits. The server's own `synchronous_commit=on` is untouched.
   */
  readonly durable?: boolean;
}

export interface RunningPostgres {
  /** `postgres://scorpion@127.0.0.1:PORT/scorpion`, ready for connections. */
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
  /**
   * SIGKILL to the postmaster and its backends, as a crash: nothing is flushed. Resolves once
   * they are gone; `startPostgres` on the same directory and port recovers from its WAL.
   */
  crash(): Promise<void>;
}

/**
 * Starts a real PostgreSQL server on loopback, as tests and `pnpm cluster` need one. PostgreSQL
 * refuses to run as root, so under root it runs as `nobody`, in a data directory `nobody` owns;
 * local connections are trusted, which is why it listens on 127.0.0.1 only.
 */
export async function startPostgres(o: PostgresOptions): Promise<RunningPostgres> {
  const data = join(o.dir, 'data');
  const user = engineUser();
  mkdirSync(o.dir, { recursive: true });
  if (user) chownSync(o.dir, user.uid, user.gid);
  if (!existsSync(join(data, 'PG_VERSION'))) {
    await run(
      ...asEngineUser(`${PG_BIN}/initdb`, ['-D', data, '-U', 'scorpion', '-A', 'trust', '-E', 'UTF8', '--no-locale']),
    );
  }
  const settings = [
    `-p ${o.port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${o.dir}`,
    '-c max_connections=200',
    ...(o.durable === false ? ['-c fsync=off', '-c full_page_writes=off'] : []),
  ].join(' ');
  // In a session of its own (as a daemon is): a Ctrl-C in the terminal that started it is for
  // `pnpm cluster`, which stops PostgreSQL last, after the servers that write to it.
  const [file, args] = asEngineUser(`${PG_BIN}/pg_ctl`, [
    '-D',
    data,
    '-o',
    settings,
    '-l',
    join(o.dir, 'postgres.log'),
    '-w',
    'start',
  ]);
  await runDetached(file, args);
  await createDatabase(o.port);
  return {
    url: `postgres://scorpion@127.0.0.1:${o.port}/scorpion`,
    port: o.port,
    async stop() {
      await run(...asEngineUser(`${PG_BIN}/pg_ctl`, ['-D', data, '-m', 'fast', '-w', 'stop']));
    },
    async crash() {
      const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      // Its backends too: left alone, one goes on answering its open connection for a while.
      const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
      for (const each of [pid, ...children]) process.kill(each, 'SIGKILL');
      for (const each of [pid, ...children]) {
        while (isAlive(each)) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Runs a command in a new session and resolves when it exits 0, or rejects with its output. */
function runDetached(file: string, args: string[]): Promise<void> {
  const child = spawn(file, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${file} ${args.join(' ')} failed (${code}): ${output.trim()}`)),
    );
  });
}

/** Creates the `scorpion` database unless it is there (a data directory started before keeps it). */
async function createDatabase(port: number): Promise<void> {
  const child = spawn(
    `${PG_BIN}/psql`,
    ['-h', '127.0.0.1', '-p', String(port), '-U', 'scorpion', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-qtA'],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  child.stdin.end(
    "SELECT 'CREATE DATABASE scorpion' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'scorpion')\\gexec\n",
  );
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`could not create the scorpion database: ${output.trim()}`);
}
