import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RunningCluster, startCluster } from '../../apps/server/src/cluster/launcher/cluster.ts';
import { freePort } from '../../apps/server/src/cluster/launcher/engines/ports.ts';
import buildServer from '../../apps/server/src/cluster/proofs/build.global.ts';
import { type EngineCounts, engineCounts, perAction } from './engine-counts.ts';
import { flag } from './flag.ts';
import { readMetrics } from './metrics.ts';
import { ms } from './stats.ts';
import { type AckCheck, checkStoredAcks } from './stored-acks.ts';
import { benchWsFloor, type FloorFigures } from './ws-floor.ts';
import { benchWsLoad, type LoadFigures } from './ws-load.ts';

const SERVER_DIR = fileURLToPath(new URL('../../apps/server/', import.meta.url));

export interface ClusterLoadOptions {
  /** Server processes behind HAProxy. */
  readonly processes: number;
  readonly players: number;
  readonly seconds: number;
  readonly movesPerSecond: number;
  /** More for the server processes' environment (a test's deal source, CERTIFY). */
  readonly env?: NodeJS.ProcessEnv;
}

export interface ClusterLoadFigures extends LoadFigures {
  readonly processes: number;
  /** Actions each process stored and acknowledged over the whole run (its `scorpion_moves_total`), by node id. */
  readonly perProcess: Readonly<Record<string, number>>;
  /** Over every process and the whole run: the mean time from a frame's arrival to its ack, in ms. */
  readonly serverMeanMs: number;
  /** The share of actions whose time in the server alone was over 50 ms (its histogram's bucket). */
  readonly serverOver50ms: number;
  /** The worst process's event-loop delay p99 over the run, in ms: a stalled (or starved) process. */
  readonly loopDelayP99Ms: number;
  /** The mean PostgreSQL commit of a group of actions, in ms, and how many actions a group held. */
  readonly commitMeanMs: number;
  /**
   * How long a group's first action waited for its window to close before the commit began, in
   * ms: the mean, and the bucket bound under which all of them fell (the window bounds it).
   */
  readonly groupWaitMeanMs: number;
  readonly groupWaitMaxMs: number;
  readonly actionsPerCommit: number;
  readonly stored: AckCheck;
  /**
   * PostgreSQL write transactions, WAL bytes and Redis commands per stored action, over the whole
   * load (signups, rooms and starts included, so a little above the steady state): what
   * docs/scaling.md multiplies.
   */
  readonly engines: EngineCounts;
}

/** Thrown when an acknowledged action is not stored once as sent: the bench's one hard failure. */
export class LostAcks extends Error {}

/** What a node's `/metrics` says of its actions since it started. */
interface NodeCounts {
  /** Stored and acknowledged (`scorpion_moves_total`). */
  readonly moves: number;
  /** From each frame's arrival to its ack going out, summed, in seconds; and how many took over 50 ms. */
  readonly roundtripSeconds: number;
  readonly over50ms: number;
  /** Group commits of actions, and their time summed in seconds. */
  readonly commits: number;
  readonly commitSeconds: number;
  /** Group waits for the window (`scorpion_action_group_wait_seconds`): summed, and how many fell under each bound. */
  readonly groupWaitSeconds: number;
  readonly groupWaitsUnder: ReadonlyMap<number, number>;
  /** The p99 of its event loop's delay (prom-client samples it every 10 ms), in seconds. */
  readonly loopDelayP99: number;
}

/** The buckets of `scorpion_action_group_wait_seconds` (ops/metrics-server.ts), in seconds. */
const WAIT_BOUNDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5];

async function countsOf(port: number, token: string): Promise<NodeCounts> {
  const value = await readMetrics(`http://127.0.0.1:${port}`, token);
  return {
    moves: value('scorpion_moves_total'),
    roundtripSeconds: value('scorpion_move_roundtrip_seconds_sum'),
    over50ms:
      value('scorpion_move_roundtrip_seconds_count') - value('scorpion_move_roundtrip_seconds_bucket{le="0.05"}'),
    commits: value('scorpion_action_commit_seconds_count'),
    commitSeconds: value('scorpion_action_commit_seconds_sum'),
    groupWaitSeconds: value('scorpion_action_group_wait_seconds_sum'),
    groupWaitsUnder: new Map(
      WAIT_BOUNDS.map((le) => [le, value(`scorpion_action_group_wait_seconds_bucket{le="${le}"}`)]),
    ),
    loopDelayP99: value('nodejs_eventloop_lag_p99_seconds'),
  };
}

/**
 * The WebSocket load of `ws-load.ts` through HAProxy onto `processes` server processes: a fresh
 * cluster as `pnpm cluster` runs it (`startCluster`, from the build: PostgreSQL durable with
 * `synchronous_commit` on, Redis, HAProxy), the players' signup limit scaled out of the way
 * (they all come from this one address). Hosts create their rooms on a lobby socket (HAProxy's
 * least-connections picks the process, which then owns the room); guests open their socket on
 * the room's page as the web app does, following the 4009 to the owner. After the run every
 * acknowledged action is looked up in PostgreSQL; one missing throws `LostAcks`.
 */
export async function benchClusterLoad(o: ClusterLoadOptions): Promise<ClusterLoadFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'scorpion-bench-cluster-'));
  // PostgreSQL runs as `nobody` under root, and must reach its directory inside.
  chmodSync(dir, 0o755);
  const token = randomBytes(24).toString('base64url');
  let out = '';
  let cluster: RunningCluster | undefined;
  // Its processes run detached (a Ctrl-C reaches only us): stop them before going.
  const onSignal = () => {
    void (cluster?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, onSignal);
  try {
    cluster = await startCluster({
      dir,
      port: await freePort(),
      nodes: o.processes,
      serverDir: SERVER_DIR,
      env: {
        ...process.env,
        RATE_LIMIT_SCALE: '1000',
        METRICS_TOKEN: token,
        RACE_COUNTDOWN_MS: '1000',
        LOG_LEVEL: 'warn',
        ...o.env,
      },
      log: (line) => {
        out += `${line}\n`;
      },
    });
    const acksFile = join(dir, 'acks.jsonl');
    const before = await engineCounts(cluster.databaseUrl, cluster.redisUrl);
    const figures = await benchWsLoad({
      url: `http://127.0.0.1:${cluster.port}`,
      players: o.players,
      seconds: o.seconds,
      movesPerSecond: o.movesPerSecond,
      roomSockets: true,
      acksFile,
      serverPids: cluster.nodes.map((n) => n.pid!),
      dealsFrom: cluster.databaseUrl,
    });
    const after = await engineCounts(cluster.databaseUrl, cluster.redisUrl);
    const running = cluster;
    const counts = await Promise.all(running.nodes.map((n) => countsOf(n.spec.port, token)));
    const perProcess = Object.fromEntries(running.nodes.map((n, i) => [n.spec.id, counts[i]!.moves]));
    const sum = (read: (c: NodeCounts) => number) => counts.reduce((total, c) => total + read(c), 0);
    const stored = await checkStoredAcks(cluster.databaseUrl, acksFile);
    if (stored.lost.length > 0) {
      throw new LostAcks(
        `${stored.lost.length} of ${stored.acked} acknowledged actions are not stored as sent (${o.processes} processes): ${stored.lost.slice(0, 5).join(', ')}`,
      );
    }
    return {
      ...figures,
      processes: o.processes,
      perProcess,
      serverMeanMs: (1000 * sum((c) => c.roundtripSeconds)) / sum((c) => c.moves),
      serverOver50ms: sum((c) => c.over50ms) / sum((c) => c.moves),
      loopDelayP99Ms: 1000 * Math.max(...counts.map((c) => c.loopDelayP99)),
      commitMeanMs: (1000 * sum((c) => c.commitSeconds)) / sum((c) => c.commits),
      actionsPerCommit: sum((c) => c.moves) / sum((c) => c.commits),
      groupWaitMeanMs: (1000 * sum((c) => c.groupWaitSeconds)) / sum((c) => c.commits),
      groupWaitMaxMs:
        1000 * (WAIT_BOUNDS.find((le) => sum((c) => c.groupWaitsUnder.get(le)!) === sum((c) => c.commits)) ?? Infinity),
      stored,
      engines: perAction(
        before,
        after,
        sum((c) => c.moves),
      ),
    };
  } catch (error) {
    if (!(error instanceof LostAcks) && out) console.error(out);
    throw error;
  } finally {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.off(signal, onSignal);
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Each process's actions and share of them, in node order: `13,402 / 13,310 (50% / 50%)`. */
export function shares(perProcess: Readonly<Record<string, number>>): string {
  const counts = Object.values(perProcess);
  const total = counts.reduce((a, b) => a + b, 0);
  const percent = (n: number) => `${total === 0 ? 0 : Math.round((100 * n) / total)}%`;
  return `${counts.map((n) => n.toLocaleString('en-US')).join(' / ')} (${counts.map(percent).join(' / ')})`;
}

export function formatClusterLoad(figures: readonly ClusterLoadFigures[], floor: FloorFigures): string {
  const errorsOf = (f: ClusterLoadFigures) =>
    [...Object.entries(f.errors), ...(f.closed > 0 ? [['closed', f.closed] as const] : [])]
      .map(([code, n]) => `${code}: ${n}`)
      .join(', ') || 'none';
  const rows = figures.map(
    (f) =>
      `| ${f.processes} | ${f.players.toLocaleString('en-US')} | ${f.races} | ${f.actions.toLocaleString('en-US')} | ${f.actionsPerSecond.toFixed(0)} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.p99)} | ${ms(f.max)} | ${(f.p99 / floor.p99).toFixed(1)}× | ${ms(f.clientLagP99)} | ${Number.isNaN(f.serverCpuPerAction) ? '?' : f.serverCpuPerAction.toFixed(0)} | ${shares(f.perProcess)} | ${ms(f.serverMeanMs)} | ${(100 * f.serverOver50ms).toFixed(2)}% | ${ms(f.loopDelayP99Ms)} | ${ms(f.commitMeanMs)} | ${ms(f.groupWaitMeanMs)} / ≤ ${ms(f.groupWaitMaxMs)} | ${f.actionsPerCommit.toFixed(1)} | ${f.engines.pgWrites.toFixed(2)} | ${f.pgWritesInWindow === undefined ? '?' : (f.pgWritesInWindow / f.actions).toFixed(3)} | ${f.engines.walBytes.toFixed(0)} | ${f.engines.redisCommands.toFixed(2)} | ${f.redirects ?? 0} | ${f.stored.storedOnce.toLocaleString('en-US')} of ${f.stored.acked.toLocaleString('en-US')} | ${errorsOf(f)} |`,
  );
  return [
    '| processes | players | races | actions timed | actions/s | p50 ms | p95 ms | p99 ms | max ms | p99 ÷ floor | client lag p99 ms | server CPU µs/action (all processes) | actions per process | server mean ms | server over 50 ms | server loop delay p99 ms | commit mean ms | group wait for its window, mean / all under, ms | actions per commit | PostgreSQL writes per action, whole load | PostgreSQL writes per action, timed window | WAL bytes per action | Redis commands per action | 4009s followed | acks stored once | errors |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    `| floor: bare echo server | ${floor.players.toLocaleString('en-US')} | – | ${floor.actions.toLocaleString('en-US')} | ${(floor.actions / (figures[0]?.seconds ?? Number.NaN)).toFixed(0)} | ${ms(floor.p50)} | ${ms(floor.p95)} | ${ms(floor.p99)} | ${ms(floor.max)} | 1.0× | – | – | – | – | – | – | – | – | – | – | – | – | – | – | – | – |`,
  ].join('\n');
}

/**
 * `pnpm bench --only cluster`: builds the server once (the cluster runs the build), then the load
 * through HAProxy on each process count in `processes`, then the bare-socket floor at the same
 * player count, in the same run.
 */
export async function clusterBenchMarkdown(
  o: { players?: number; seconds?: number; processes?: readonly number[] } = {},
): Promise<string> {
  await buildServer();
  const players = o.players ?? 1000;
  const seconds = o.seconds ?? 30;
  const figures: ClusterLoadFigures[] = [];
  for (const processes of o.processes ?? [1, 2, 3]) {
    figures.push(await benchClusterLoad({ processes, players, seconds, movesPerSecond: 2 }));
  }
  const floor = await benchWsFloor(players, seconds);
  return [
    '## Server: cluster load through HAProxy (PostgreSQL, Redis, the clients in their own process)',
    '',
    formatClusterLoad(figures, floor),
    '',
  ].join('\n');
}

/**
 * `node --conditions=source --import tsx bench/server/cluster-load.ts [--players 1000] [--seconds 30]
 * [--processes 1,2,3]`: the Markdown table of `clusterBenchMarkdown`, with a ramp by `--players 1000,1500`.
 */
if (import.meta.url === `file://${process.argv[1]}`) {
  const processes = flag('processes', '1,2,3').split(',').map(Number);
  for (const players of flag('players', '1000').split(',').map(Number)) {
    console.log(await clusterBenchMarkdown({ players, seconds: Number(flag('seconds', '30')), processes }));
  }
  process.exit(0);
}
