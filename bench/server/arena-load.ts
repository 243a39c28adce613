import { spawn } from 'node:child_process';
import buildServer from '../../apps/server/src/cluster/proofs/build.global.ts';
import { type ArenaLoadFigures, type ArenaLoadOptions, runArenaClients } from './arena-clients.ts';
import { flag } from './flag.ts';
import { ms } from './stats.ts';
import { CLIENT_NODE_FLAGS } from './ws-load.ts';

/**
 * The arena load (arena-clients.ts) with its clients in a process of their own, as the race
 * load runs them (`CLIENT_NODE_FLAGS`): that process starts the server (the build, on SQLite)
 * unless `url` names one, and reports its figures as JSON.
 */
export async function benchArenaLoad(o: ArenaLoadOptions): Promise<ArenaLoadFigures> {
  if (!o.url) {
    await buildServer();
  }
  const child = spawn(
    process.execPath,
    [
      ...CLIENT_NODE_FLAGS,
      '--conditions=source',
      '--import',
      'tsx',
      import.meta.filename,
      '--clients',
      JSON.stringify(o),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the arena load's clients exited with ${code}`);
  const figures = JSON.parse(out) as ArenaLoadFigures;
  // JSON has no NaN or Infinity: an unknown figure (no deal ended, no two standings frames on a
  // socket, a CPU time not read) comes back as null.
  return {
    ...figures,
    dealEndP99: figures.dealEndP99 ?? Number.NaN,
    standingsLatencyP50: figures.standingsLatencyP50 ?? Number.NaN,
    standingsLatencyP99: figures.standingsLatencyP99 ?? Number.NaN,
    standingsMinGapMs: figures.standingsMinGapMs ?? Number.POSITIVE_INFINITY,
    serverCpuPerSecond: figures.serverCpuPerSecond ?? Number.NaN,
    serverCpuPerMove: figures.serverCpuPerMove ?? Number.NaN,
  };
}

/** Thrown when a socket got more standings frames than one a second over the window (and one at its edge). */
export class StandingsTooOften extends Error {}

/**
 * The bench's own check of the "at most one a second per socket": no socket got more
 * standings frames in the window than its whole seconds and one more (a push at each edge).
 * Counted, not timed: a frame's arrival jitters on a busy machine even when its push did not.
 */
export function checkStandingsRate(f: ArenaLoadFigures): void {
  const allowed = Math.ceil(f.seconds) + 1;
  if (f.standingsMostOnOneSocket > allowed) {
    throw new StandingsTooOften(
      `a socket got ${f.standingsMostOnOneSocket} standings frames in ${f.seconds} s (at most ${allowed})`,
    );
  }
}

const cpu = (x: number) => (Number.isNaN(x) ? '?' : x.toFixed(0));

export function errorsOf(f: { errors: Record<string, number>; closed: number }): string {
  const all = [...Object.entries(f.errors), ...(f.closed > 0 ? [['closed', f.closed] as const] : [])];
  return all.map(([code, n]) => `${code}: ${n}`).join(', ') || 'none';
}

export function formatArenaLoad(figures: readonly ArenaLoadFigures[]): string {
  const rows = figures.map(
    (f) =>
      `| ${f.players.toLocaleString('en-US')} | ${f.actionsPerSecond} | ${f.standings ? 'yes' : 'no'} | ${f.moves.toLocaleString('en-US')} | ${f.movesPerSecond.toFixed(0)} | ${ms(f.p50)} | ${ms(f.p95)} | ${ms(f.p99)} | ${ms(f.max)} | ${f.dealEnds.toLocaleString('en-US')} | ${ms(f.dealEndP99)} | ${f.standingsPerSocketPerSecond.toFixed(2)} | ${f.standingsMostOnOneSocket} | ${Number.isFinite(f.standingsMinGapMs) ? f.standingsMinGapMs.toFixed(0) : '–'} | ${(f.standingsBytesPerSecond / 1e6).toFixed(2)} | ${ms(f.clientLagP99)} | ${(f.serverCpuPerSecond * 1000).toFixed(0)} | ${cpu(f.serverCpuPerMove)} | ${errorsOf(f)} |`,
  );
  return [
    '| players | actions/s each | standings | moves timed | moves/s | p50 ms | p95 ms | p99 ms | max ms | deal ends timed | deal end p99 ms | standings per socket per s | most on one socket | shortest gap ms | standings MB/s | client lag p99 ms | server CPU ms/s | server CPU µs/move | errors |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** `node --conditions=source --import tsx bench/server/arena-load.ts --clients JSON`: the clients' process. */
if (import.meta.url === `file://${process.argv[1]}` && process.argv.includes('--clients')) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  const options = JSON.parse(flag('clients', '{}')) as ArenaLoadOptions;
  console.log(JSON.stringify(await runArenaClients(options)));
  process.exit(0);
}
