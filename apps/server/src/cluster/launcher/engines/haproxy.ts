import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { prefixLines } from '../lines.ts';

const run = promisify(execFile);

/** Debian's HAProxy 2.6 (package haproxy). */
export const HAPROXY = process.env.HAPROXY ?? '/usr/sbin/haproxy';

export interface HaproxyNode {
  /** The server process's `NODE_ID`; a socket's `?node=ID` is sent to it. */
  readonly id: string;
  /** `host:port` where it listens (`127.0.0.1:PORT` on one machine, `node-1:8080` in compose). */
  readonly address: string;
}

export interface HaproxyConfigOptions {
  /** The port players connect to. */
  readonly port: number;
  readonly nodes: readonly HaproxyNode[];
  /**
   * A DNS server to resolve node names at run time (Docker's is 127.0.0.11:53): containers come
   * and go with new addresses, and HAProxy must start even before they exist.
   */
  readonly nameserver?: string;
}

/**
 * The one HAProxy configuration for cluster mode, used by `pnpm cluster` and (written to
 * deploy/haproxy.cfg) by the compose `cluster` profile. A socket upgrade on `/ws` with
 * `node=ID` goes to that process while it is up; with `room=CODE` to the process the code
 * hashes to (consistent hashing: a process leaving moves only its own rooms); everything else
 * to the process with the fewest connections. A process leaves within about a second of
 * failing `/readyz` (or of answering 503 there, as it does from the start of its shutdown).
 *
 * When every process fails `/readyz` at once, the cause is an engine they share (PostgreSQL
 * stopped), not one of them: each process is then offered again as an unchecked backup, so pages,
 * their scripts and sockets still load and a move is refused as one to send again (`unavailable`,
 * `retryAfter`), where HAProxy alone could only answer 503 without a word for the page.
 */
export function haproxyConfig(o: HaproxyConfigOptions): string {
  const resolve = o.nameserver ? ' resolvers dns init-addr last,libc,none' : '';
  const server = (n: HaproxyNode, how: string) => `  server ${n.id} ${n.address} ${how}`;
  const spare = (n: HaproxyNode, how = '') => `  server ${n.id}-spare ${n.address} backup no-check${how}`;
  return [
    '# Made by haproxyConfig() (apps/server/src/cluster/launcher/engines/haproxy.ts): change that, then',
    '# `pnpm cluster:config` writes deploy/haproxy.cfg again.',
    // No maxconn: HAProxy takes as many connections as the open-file limit it starts under allows.
    ...(o.nameserver ? ['resolvers dns', `  nameserver dns ${o.nameserver}`, '  hold valid 5s', ''] : []),
    'defaults',
    '  mode http',
    '  timeout connect 3s',
    '  timeout client 60s',
    '  timeout server 60s',
    // An open socket is idle for as long as a player thinks; the server's heartbeat (30 s) keeps it alive.
    '  timeout tunnel 1h',
    '  timeout client-fin 10s',
    // The client's address reaches the server (TRUST_PROXY) as X-Forwarded-For.
    '  option forwardfor',
    // A request sent to a process that just died is tried again on another one: a connection
    // refused always; a reading request (GET, HEAD) also when the process died before answering.
    // Never a write, which the dead process may have stored already.
    '  option redispatch',
    '  retries 2',
    '  retry-on conn-failure empty-response',
    '',
    'frontend players',
    `  bind :${o.port}`,
    '  acl socket path /ws',
    '  acl upgrade hdr(upgrade) -i websocket',
    '  acl to_node url_param(node) -m found',
    '  acl to_room url_param(room) -m found',
    '  use_backend rooms if socket upgrade to_room !to_node',
    '  default_backend nodes',
    '',
    'backend nodes',
    '  balance leastconn',
    // The spares (below) share the load when they are in use, not the first of them alone.
    '  option allbackups',
    '  http-request disable-l7-retry if !METH_GET',
    '  option httpchk',
    '  http-check send meth GET uri /readyz',
    '  http-check expect status 200',
    `  default-server check inter 500ms fall 2 rise 2${resolve}`,
    ...o.nodes.map(
      (n) => `  use-server ${n.id} if { path /ws } { hdr(upgrade) -i websocket } { url_param(node) -m str ${n.id} }`,
    ),
    ...o.nodes.map((n) => server(n, '')),
    ...o.nodes.map((n) => spare(n)),
    '',
    'backend rooms',
    '  balance url_param room',
    '  hash-type consistent',
    '  option allbackups',
    // The same processes, up and down as `nodes` sees them: one health check per process, not two.
    ...o.nodes.map((n) => server(n, `track nodes/${n.id}${resolve}`)),
    ...o.nodes.map((n) => spare(n, resolve)),
    '',
  ]
    .join('\n')
    .replaceAll(/ +\n/g, '\n');
}

/** Says what is wrong with a configuration (`haproxy -c`), or nothing when HAProxy accepts it. */
export async function checkHaproxyConfig(file: string): Promise<void> {
  await run(HAPROXY, ['-c', '-q', '-f', file]);
}

export interface RunningHaproxy {
  readonly port: number;
  readonly process: ChildProcess;
  /** Stops at once (SIGTERM, HAProxy's hard stop): the processes behind it have closed their sockets already. */
  stop(): Promise<void>;
}

/**
 * Starts a real HAProxy in the foreground (`-db`) as a child, on the configuration written to
 * `dir/haproxy.cfg`, and resolves once it accepts connections on `port`. Its messages (a
 * process going DOWN or UP) go to `onLog`, line by line.
 */
export async function startHaproxy(o: {
  dir: string;
  config: HaproxyConfigOptions;
  detached?: boolean;
  onLog?: (line: string) => void;
}): Promise<RunningHaproxy> {
  mkdirSync(o.dir, { recursive: true });
  const file = join(o.dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(o.config));
  await checkHaproxyConfig(file);
  const child = spawn(HAPROXY, ['-f', file, '-db'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: o.detached ?? false,
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const log = o.onLog ?? (() => {});
  prefixLines(child.stdout, '', log);
  prefixLines(child.stderr, '', log);
  await Promise.race([
    waitForPort(o.config.port),
    exited.then((code) => {
      throw new Error(`haproxy exited with ${code} before listening`);
    }),
  ]);
  return {
    port: o.config.port,
    process: child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function waitForPort(port: number): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  throw new Error(`haproxy on port ${port} did not answer`);
}
