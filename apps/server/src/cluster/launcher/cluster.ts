import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RunningHaproxy, startHaproxy } from './engines/haproxy.ts';
import { freePort } from './engines/ports.ts';
import { type RunningPostgres, startPostgres } from './engines/postgres.ts';
import { type RunningRedis, startRedis } from './engines/redis.ts';
import { Supervised } from './engines/supervised.ts';
import { NodeProcess } from './node-process.ts';

export interface ClusterOptions {
  /** Everything the cluster keeps: PostgreSQL's data, the secret, nodes.json (`data/cluster`). */
  readonly dir: string;
  /** Where players connect (HAProxy). */
  readonly port: number;
  /** How many server processes (`CLUSTER_NODES`). */
  readonly nodes: number;
  /** The server package's directory, holding the build (`dist/server.js`). */
  readonly serverDir: string;
  /** The environment the server processes start from (LOG_LEVEL, CERTIFY, …). */
  readonly env: NodeJS.ProcessEnv;
  readonly log: (line: string) => void;
}

/** One row of `nodes.json`: enough for an operator (or a test) to find a server process and stop it. */
export interface NodeEntry {
  readonly id: string;
  readonly pid: number | null;
  readonly port: number;
}

export interface RunningCluster {
  readonly port: number;
  readonly nodes: readonly NodeProcess[];
  readonly databaseUrl: string;
  readonly redisUrl: string;
  /**
   * PostgreSQL taken down (a fast shutdown, or SIGKILL to its postmaster) and started again on
   * the same data and port, for the engine-failure proofs (proof.test.ts).
   */
  readonly postgres: { down(how: 'stop' | 'crash'): Promise<void>; up(): Promise<void> };
  /**
   * Redis and HAProxy, each restarted by the launcher on the same port when it dies on its own;
   * taken down (stopped, or crashed with SIGKILL) and brought back on purpose here, with no
   * restart in between, for the engine-failure proofs.
   */
  readonly redis: { down(how: 'stop' | 'crash'): Promise<void>; up(): Promise<void> };
  readonly haproxy: { down(how: 'stop' | 'crash'): Promise<void>; up(): Promise<void> };
  /** Nodes first (SIGTERM, so they drain), then HAProxy, Redis, PostgreSQL. */
  stop(): Promise<void>;
}

/** The cluster's secret: `SCORPION_SECRET` if given, else made once and kept in `dir/secret`. */
export function clusterSecret(dir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = join(dir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * What a server process of the cluster is told, over what the launcher was given: the names the
 * compose `cluster` profile sets too (compose.test.ts holds them together).
 */
export function nodeEnvironment(o: {
  base: NodeJS.ProcessEnv;
  id: string;
  port: number;
  databaseUrl: string;
  redisUrl: string;
  secret: string;
}): NodeJS.ProcessEnv {
  return {
    // Only HAProxy, on this machine, reaches the processes: its X-Forwarded-For is believed.
    TRUST_PROXY: 'loopback',
    ...o.base,
    PORT: String(o.port),
    HOST: '127.0.0.1',
    NODE_ID: o.id,
    DATABASE_URL: o.databaseUrl,
    REDIS_URL: o.redisUrl,
    SCORPION_SECRET: o.secret,
  };
}

/** Rewrites nodes.json whole (a rename), so a reader never sees half of it. */
function writeNodesFile(file: string, nodes: readonly NodeProcess[]): void {
  const entries: NodeEntry[] = nodes.map((n) => ({ id: n.spec.id, pid: n.pid ?? null, port: n.spec.port }));
  writeFileSync(`${file}.tmp`, `${JSON.stringify(entries, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}

/**
 * Cluster mode on one machine: PostgreSQL (durable, its data under `dir/postgres`), Redis, the
 * server processes (each on its own loopback port, with `NODE_ID=node-N`), then HAProxy on
 * `port` in front of them. If any step fails, what already started is stopped again. The server
 * processes, Redis and HAProxy are restarted when they die on their own.
 */
export async function startCluster(o: ClusterOptions): Promise<RunningCluster> {
  mkdirSync(o.dir, { recursive: true });
  const nodesFile = join(o.dir, 'nodes.json');
  const secret = clusterSecret(o.dir, o.env.SCORPION_SECRET || undefined);
  let postgres: RunningPostgres | undefined;
  const redisAt = { dir: join(o.dir, 'redis'), port: await freePort(), detached: true };
  const redis = new Supervised<RunningRedis>('Redis', () => startRedis(redisAt), o.log);
  let haproxy: Supervised<RunningHaproxy> | undefined;
  const nodes: NodeProcess[] = [];
  const stop = async () => {
    await Promise.all(nodes.map((n) => n.stop()));
    rmSync(nodesFile, { force: true });
    await haproxy?.down();
    await redis.down();
    await postgres?.stop();
  };
  const postgresAt = { dir: join(o.dir, 'postgres'), port: await freePort(), durable: true };
  const redisUrl = `redis://127.0.0.1:${redisAt.port}`;
  try {
    postgres = await startPostgres(postgresAt);
    o.log(`[cluster] PostgreSQL ready: ${postgres.url}`);
    await redis.up();
    o.log(`[cluster] Redis ready: ${redisUrl}`);
    for (let i = 1; i <= o.nodes; i++) {
      const id = `node-${i}`;
      const port = await freePort();
      const env = nodeEnvironment({
        base: o.env,
        id,
        port,
        databaseUrl: postgres.url,
        redisUrl,
        secret,
      });
      nodes.push(new NodeProcess({ id, port, cwd: o.serverDir, env }, o.log, () => writeNodesFile(nodesFile, nodes)));
    }
    for (const node of nodes) node.start();
    await Promise.all(nodes.map((n) => n.ready()));
    const haproxyAt = {
      dir: join(o.dir, 'haproxy'),
      config: { port: o.port, nodes: nodes.map((n) => ({ id: n.spec.id, address: `127.0.0.1:${n.spec.port}` })) },
      detached: true,
      onLog: (line: string) => o.log(`[haproxy] ${line}`),
    };
    haproxy = new Supervised<RunningHaproxy>('HAProxy', () => startHaproxy(haproxyAt), o.log);
    await haproxy.up();
  } catch (error) {
    await stop();
    throw error;
  }
  const engine = {
    down: (how: 'stop' | 'crash') => (how === 'stop' ? postgres!.stop() : postgres!.crash()),
    async up() {
      postgres = await startPostgres(postgresAt);
    },
  };
  const proxy = haproxy;
  return {
    port: o.port,
    nodes,
    databaseUrl: postgres.url,
    redisUrl,
    postgres: engine,
    redis: { down: (how) => redis.down(how), up: async () => void (await redis.up()) },
    haproxy: { down: (how) => proxy.down(how), up: async () => void (await proxy.up()) },
    stop,
  };
}
