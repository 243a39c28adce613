import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { type RunningCluster, startCluster } from '../../apps/server/src/cluster/launcher/cluster.ts';
import { freePort } from '../../apps/server/src/cluster/launcher/engines/ports.ts';
import buildServer from '../../apps/server/src/cluster/proofs/build.global.ts';
import type { ArenaLoadFigures } from './arena-clients.ts';
import { benchArenaLoad, checkStandingsRate, errorsOf } from './arena-load.ts';
import { LostAcks } from './cluster-load.ts';
import { allCpus, CLIENT_CPU, pin, pinning, SERVER_CPU } from './cores.ts';
import { type EngineCounts, engineCounts } from './engine-counts.ts';
import { ms } from './stats.ts';
import { type AckCheck, checkStoredAcks } from './stored-acks.ts';
import { benchWsFloor, type FloorFigures } from './ws-floor.ts';

const SERVER_DIR = fileURLToPath(new URL('../../apps/server/', import.meta.url));

export interface ArenaClusterFigures {
  readonly processes: number;
  readonly load: ArenaLoadFigures;
  readonly floor: FloorFigures;
  readonly stored: AckCheck;
  /** Over the whole load (signups and joins included), per acknowledged move. */
  readonly pgWritesPerMove: number;
  readonly walBytesPerMove: number;
  readonly redisCommandsPerMove: number;
  /** Redis's sorted-set commands (`Z…`) per move, and per second of the run. */
  readonly redisSortedSetPerMove: number;
  /** Rows PostgreSQL read from the games table a second, and index or table scans of it a second, while the arena ran. */
  readonly pgGameRowsReadPerSecond: number;
  readonly pgGameScansPerSecond: number;
  readonly pinned: boolean;
}

interface GameReads {
  readonly at: number;
  readonly rows: number;
  readonly scans: number;
}

/**
 * The rows read from `games` (fetched through an index or read by a scan) and its scans, from
 * `pg_stat_user_tables`: each backend adds its counts when it goes idle, at most a second late
 * under a steady load, so a read taken after `STATS_SETTLE_MS` has the load's.
 */
async function gameReads(databaseUrl: string): Promise<GameReads> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ rows: string; scans: string }>(
      `SELECT (coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0))::text AS rows,
              (coalesce(seq_scan, 0) + coalesce(idx_scan, 0))::text AS scans
         FROM pg_stat_user_tables WHERE relname = 'games'`,
    );
    return { at: performance.now(), rows: Number(rows[0]!.rows), scans: Number(rows[0]!.scans) };
  } finally {
    await client.end();
  }
}
const STATS_SETTLE_MS = 2000;

/** Calls of Redis's sorted-set commands since it started (`INFO commandstats`). */
async function sortedSetCalls(redisUrl: string): Promise<number> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    const stats = await redis.info('commandstats');
    return [...stats.matchAll(/^cmdstat_z\w+:calls=(\d+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
  } finally {
    redis.disconnect();
  }
}

/**
 * Issue #35's second load: `players` players in one arena on a cluster as `pnpm cluster` runs it
 * (three processes behind HAProxy, PostgreSQL durable, Redis), each making an action every
 * `1 / actionsPerSecond` s, the standings pushed to all. The sockets land where HAProxy's least
 * connections puts them, and every game runs where its socket is. Pinned where it can be: the
 * clients on CPU 0, the server processes on CPU 1 (the engines and HAProxy free). After the run
 * every acknowledged move is looked up in PostgreSQL (`LostAcks` if one is missing), and no
 * socket may have had more than one standings frame a second (`StandingsTooOften`). The floor
 * runs after it at the same player count and rate.
 */
export async function benchArenaCluster(o: {
  players: number;
  seconds: number;
  actionsPerSecond: number;
  processes?: number;
}): Promise<ArenaClusterFigures> {
  await buildServer();
  const processes = o.processes ?? 3;
  const dir = mkdtempSync(join(tmpdir(), 'scorpion-bench-arena-cluster-'));
  chmodSync(dir, 0o755);
  const pinned = pinning();
  let cluster: RunningCluster | undefined;
  let out = '';
  const onSignal = () => {
    void (cluster?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, onSignal);
  try {
    cluster = await startCluster({
      dir,
      port: await freePort(),
      nodes: processes,
      serverDir: SERVER_DIR,
      env: {
        ...process.env,
        RATE_LIMIT_SCALE: '1000',
        METRICS_TOKEN: randomBytes(24).toString('base64url'),
        CERTIFY: 'none',
        LOG_LEVEL: 'warn',
      },
      log: (line) => {
        out += `${line}\n`;
      },
    });
    const pids = cluster.nodes.map((n) => n.pid!);
    if (pinned) {
      pin(process.pid, CLIENT_CPU);
      for (const pid of pids) pin(pid, SERVER_CPU);
    }
    const acksFile = join(dir, 'acks.jsonl');
    const before = await engineCounts(cluster.databaseUrl, cluster.redisUrl);
    const zBefore = await sortedSetCalls(cluster.redisUrl);
    const readsBefore = await gameReads(cluster.databaseUrl);
    const load = await benchArenaLoad({
      url: `http://127.0.0.1:${cluster.port}`,
      dealsFrom: cluster.databaseUrl,
      players: o.players,
      seconds: o.seconds,
      actionsPerSecond: o.actionsPerSecond,
      standings: true,
      acksFile,
      serverPids: pids,
    });
    const after = await engineCounts(cluster.databaseUrl, cluster.redisUrl);
    const zAfter = await sortedSetCalls(cluster.redisUrl);
    await new Promise((resolve) => setTimeout(resolve, STATS_SETTLE_MS));
    const readsAfter = await gameReads(cluster.databaseUrl);
    const readSeconds = (readsAfter.at - readsBefore.at) / 1000;
    const stored = await checkStoredAcks(cluster.databaseUrl, acksFile);
    if (stored.lost.length > 0) {
      throw new LostAcks(
        `${stored.lost.length} of ${stored.acked} acknowledged arena moves are not stored as sent: ${stored.lost.slice(0, 5).join(', ')}`,
      );
    }
    checkStandingsRate(load);
    await cluster.stop();
    cluster = undefined;
    const floor = await benchWsFloor(o.players, o.seconds, o.actionsPerSecond, 0, pinned);
    const per = (key: keyof EngineCounts) => (after[key] - before[key]) / stored.acked;
    return {
      processes,
      load,
      floor,
      stored,
      pgWritesPerMove: per('pgWrites'),
      walBytesPerMove: per('walBytes'),
      redisCommandsPerMove: per('redisCommands'),
      redisSortedSetPerMove: (zAfter - zBefore) / stored.acked,
      pgGameRowsReadPerSecond: (readsAfter.rows - readsBefore.rows) / readSeconds,
      pgGameScansPerSecond: (readsAfter.scans - readsBefore.scans) / readSeconds,
      pinned,
    };
  } catch (error) {
    if (out) console.error(out);
    throw error;
  } finally {
    if (pinned) pin(process.pid, allCpus());
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.off(signal, onSignal);
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatArenaCluster(f: ArenaClusterFigures): string {
  const l = f.load;
  return [
    f.pinned
      ? 'Pinned: the clients on CPU 0; the three server processes on CPU 1; PostgreSQL, Redis and HAProxy on either.'
      : 'Not pinned.',
    '',
    '| processes | players | actions/s each | moves timed | moves/s | p50 ms | p95 ms | p99 ms | max ms | floor p99 ms | p99 ÷ floor | deal end p99 ms | standings per socket per s | most on one socket | shortest gap ms | server CPU ms/s (all) | server CPU µs/move | PostgreSQL writes per move | WAL bytes per move | Redis commands per move | Redis sorted-set commands per move | acks stored once | errors |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    `| ${f.processes} | ${l.players.toLocaleString('en-US')} | ${l.actionsPerSecond} | ${l.moves.toLocaleString('en-US')} | ${l.movesPerSecond.toFixed(0)} | ${ms(l.p50)} | ${ms(l.p95)} | ${ms(l.p99)} | ${ms(l.max)} | ${ms(f.floor.p99)} | ${(l.p99 / f.floor.p99).toFixed(1)}× | ${ms(l.dealEndP99)} | ${l.standingsPerSocketPerSecond.toFixed(2)} | ${l.standingsMostOnOneSocket} | ${Number.isFinite(l.standingsMinGapMs) ? l.standingsMinGapMs.toFixed(0) : '–'} | ${(l.serverCpuPerSecond * 1000).toFixed(0)} | ${l.serverCpuPerMove.toFixed(0)} | ${f.pgWritesPerMove.toFixed(2)} | ${f.walBytesPerMove.toFixed(0)} | ${f.redisCommandsPerMove.toFixed(2)} | ${f.redisSortedSetPerMove.toFixed(2)} | ${f.stored.storedOnce.toLocaleString('en-US')} of ${f.stored.acked.toLocaleString('en-US')} | ${errorsOf(l)} |`,
    '',
    '| standings latency p50 ms | standings latency p99 ms | games rows read from PostgreSQL per s | games scans per s |',
    '|---|---|---|---|',
    `| ${ms(l.standingsLatencyP50)} | ${ms(l.standingsLatencyP99)} | ${f.pgGameRowsReadPerSecond.toFixed(0)} | ${f.pgGameScansPerSecond.toFixed(1)} |`,
  ].join('\n');
}
