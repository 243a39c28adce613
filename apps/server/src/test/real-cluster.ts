import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type RunningCluster, startCluster } from '../cluster/launcher/cluster.ts';
import { freePort } from '../cluster/launcher/engines/ports.ts';
import { LEASE_MS } from '../races/leases.ts';
import { TestClient } from './client.ts';

const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));
const KNOWN_DEALS = fileURLToPath(new URL('./known-deals.mjs', import.meta.url));

/** How long a socket keeps trying to reach a room's owner (a failover takes a lease and a tick). */
export const REACH_OWNER_MS = 60_000;
/** Between tries that are not an immediate redirect: the browser backs off too (`reconnectDelay`). */
const RETRY_MS = [100, 250, 500, 1000];

export interface RoomSocket {
  readonly client: TestClient;
  /** The process that answered the upgrade (`X-Scorpion-Node`). */
  readonly node: string;
  /** Every process that answered on the way, the last one included. */
  readonly path: readonly string[];
}

/**
 * A real cluster for the proofs of issue #14 (`startCluster`, as `pnpm cluster` runs it, from the
 * build): PostgreSQL, Redis, the server processes and HAProxy in a temporary directory, every
 * race dealt the known winning deal (`known-deals.mjs`), the solver off.
 */
export class RealCluster {
  readonly leaseMs = LEASE_MS;
  private out = '';
  private pool!: pg.Pool;
  private running!: RunningCluster;
  private dir!: string;

  /** `env` adds to (or overrides) the processes' environment: `CERTIFY: 'solver'` for proven deals. */
  static async start(nodes: number, env: NodeJS.ProcessEnv = {}): Promise<RealCluster> {
    const cluster = new RealCluster();
    await cluster.boot(nodes, env);
    return cluster;
  }

  private async boot(nodes: number, extraEnv: NodeJS.ProcessEnv): Promise<void> {
    this.dir = mkdtempSync(join(tmpdir(), 'scorpion-proof-'));
    // PostgreSQL runs as `nobody` under root, and must reach its directory inside.
    chmodSync(this.dir, 0o755);
    this.running = await startCluster({
      dir: this.dir,
      port: await freePort(),
      nodes,
      serverDir: SERVER_DIR,
      env: {
        ...process.env,
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${KNOWN_DEALS}`.trim(),
        CERTIFY: 'none',
        LOG_LEVEL: 'warn',
        RACE_COUNTDOWN_MS: '100',
        // Every player of these tests signs up from this one address, without a device cookie:
        // more than the five a day such a client is allowed.
        RATE_LIMIT_SCALE: '10',
        ...extraEnv,
      },
      log: (line) => {
        this.out += `${line}\n`;
      },
    }).catch((error: Error) => {
      // What the processes said is why they did not start.
      throw new Error(`${error.message}\n${this.out}`);
    });
    this.pool = new pg.Pool({ connectionString: this.running.databaseUrl, max: 2 });
    // Its idle connections break when a test takes PostgreSQL down; the next query opens anew.
    this.pool.on('error', () => {});
  }

  get port(): number {
    return this.running.port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Everything the launcher's processes (servers, HAProxy) have written so far. */
  output(): string {
    return this.out;
  }

  /** Resolves once a line matching `pattern` was written after `from` characters of the output. */
  async line(pattern: RegExp, from = 0): Promise<string> {
    for (;;) {
      const match = pattern.exec(this.out.slice(from));
      if (match) return match[0];
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** The live pid of a server process (its launcher restarts it after a crash, with a new one). */
  pid(node: string): number {
    const pid = this.running.nodes.find((n) => n.spec.id === node)?.pid;
    if (pid === undefined) throw new Error(`${node} is not running`);
    return pid;
  }

  /** A server process's own address, past HAProxy (for its `/readyz`). */
  nodeUrl(node: string): string {
    const spec = this.running.nodes.find((n) => n.spec.id === node)?.spec;
    if (!spec) throw new Error(`no process ${node}`);
    return `http://127.0.0.1:${spec.port}`;
  }

  /** Resolves once the process is stopped (`T` in /proc), as SIGSTOP leaves it. */
  async stopped(pid: number): Promise<void> {
    while (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0] !== 'T') {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** PostgreSQL stopped or crashed; the test's own pool reconnects once it is `up` again. */
  get postgres(): RunningCluster['postgres'] {
    return this.running.postgres;
  }

  /** Where the cluster's Redis listens (the same port after every restart). */
  get redisUrl(): string {
    return this.running.redisUrl;
  }

  /** Redis taken down and brought back (the launcher restarts it by itself otherwise). */
  get redis(): RunningCluster['redis'] {
    return this.running.redis;
  }

  /** HAProxy taken down and brought back on the same port. */
  get haproxy(): RunningCluster['haproxy'] {
    return this.running.haproxy;
  }

  async sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
    return (await this.pool.query<T>(text, values)).rows;
  }

  /** Resolves once `query` (polled, as nothing tells the test) returns a row. */
  async untilRow<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T> {
    for (;;) {
      const [row] = await this.sql<T>(text, values);
      if (row) return row;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** A socket through HAProxy at `/ws?query`, with the node that answered its upgrade. */
  socket(query: string, cookie: string): { client: TestClient; node: Promise<string> } {
    const client = new TestClient(`ws://127.0.0.1:${this.port}/ws${query ? `?${query}` : ''}`, cookie);
    const node = new Promise<string>((resolve) => {
      client.socket.once('upgrade', (response) => resolve(String(response.headers['x-scorpion-node'])));
      client.socket.once('close', () => resolve(''));
    });
    // A refused upgrade (HAProxy's 503 while no process is up) ends in a close, read by the caller.
    client.socket.on('error', () => {});
    return { client, node };
  }

  /**
   * A socket on the room's page, as the browser opens it: `?room=CODE` (and `&node=ID` once a
   * 4009 named the owner, at once for a new name, after a backoff otherwise), until a welcome.
   * `first` forces the first landing (`&node=`), to start on a process that does not own it.
   */
  async roomSocket(code: string, cookie: string, first?: string): Promise<RoomSocket> {
    const path: string[] = [];
    let owner = first;
    let attempt = 0;
    const deadline = Date.now() + REACH_OWNER_MS;
    while (Date.now() < deadline) {
      const { client, node } = this.socket(`room=${code}${owner ? `&node=${owner}` : ''}`, cookie);
      const welcomed = client
        .next('welcome', () => true, REACH_OWNER_MS)
        .then(
          () => 'welcome' as const,
          () => 'silent' as const,
        );
      const outcome = await Promise.race([welcomed, client.closed]);
      const answered = await node;
      if (answered) path.push(answered);
      if (outcome === 'welcome') return { client, node: answered, path };
      if (outcome === 'silent') client.socket.terminate();
      const closed = outcome === 'silent' ? undefined : outcome;
      const named = closed?.code === 4009 && closed.reason !== '' ? closed.reason : undefined;
      const redirectNow = named !== undefined && named !== owner && attempt === 0;
      if (named) owner = named;
      if (!redirectNow) await new Promise((r) => setTimeout(r, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]));
      attempt++;
    }
    throw new Error(`no owner of room ${code} answered within ${REACH_OWNER_MS} ms; landed on ${path.join(', ')}`);
  }

  async stop(): Promise<void> {
    await this.pool?.end();
    await this.running?.stop();
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }
}
