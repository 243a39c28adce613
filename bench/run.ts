import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { formatFigure, measurePlayouts } from './rules-playout.ts';
import { benchArenaCluster, formatArenaCluster } from './server/arena-cluster.ts';
import { benchArenaOneProcess, formatArenaOneProcess } from './server/arena-one-process.ts';
import { benchArenaTable, formatArenaTable } from './server/arena-table.ts';
import { clusterBenchMarkdown } from './server/cluster-load.ts';
import { serverBenchMarkdown } from './server/index.ts';
import { benchFirstVisit, formatFirstVisit } from './web/first-visit.ts';

/**
 * `pnpm bench [--quick] [--only rules|solver|evidence|analysis|server|cluster|arena|arena-cluster|web]`: every benchmark in turn, printed as
 * Markdown. The solver bench also writes `bench/solver.md` (not with `--quick`). Figures are
 * medians on a noisy shared machine: compare them as ratios, never as pass/fail (the one failure
 * is the cluster bench's, when an acknowledged move is not stored).
 *
 * The full run takes about a quarter of an hour (the solver's 1,000 classic deals are most of
 * it); `--quick` runs every bench on small sizes to check they still run (about two minutes, and
 * one more for the clusters started and stopped); the server is built once for all of them.
 */
const quick = process.argv.includes('--quick');
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? process.argv[onlyAt + 1] : undefined;
const wanted = (name: string) => only === undefined || only === name;
function numberFlag(name: string): number | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : undefined;
}

if (wanted('rules')) {
  console.log('## Rules: random-playout throughput (one core)\n');
  console.log('| engine | variant | moves/s | ns/move |\n|---|---|---|---|');
  for (const engine of ['fast-board', 'immutable'] as const) {
    for (const variant of ['scorpion', 'three-blind-mice', 'double-scorpion'] as const) {
      console.log(formatFigure(quick ? measurePlayouts(engine, variant, 3, 50) : measurePlayouts(engine, variant)));
    }
  }
  console.log();
}

if (wanted('solver')) {
  // Its own process: the solver bench reads peak memory (max RSS) of the process it runs in.
  const solver = spawnSync(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', join(import.meta.dirname, 'solver.ts'), ...(quick ? ['--quick'] : [])],
    { stdio: 'inherit' },
  );
  if (solver.status !== 0) process.exit(solver.status ?? 1);
  console.log();
}

if (wanted('evidence')) {
  // The evidence bots: who is held at the threshold (figures in bench/README.md).
  const evidence = spawnSync(
    process.execPath,
    [
      '--conditions=source',
      '--import',
      'tsx',
      join(import.meta.dirname, 'evidence', 'run.ts'),
      ...(quick ? ['--quick'] : []),
    ],
    { stdio: 'inherit' },
  );
  if (evidence.status !== 0) process.exit(evidence.status ?? 1);
  console.log();
}

if (wanted('analysis')) {
  // A finished game's analysis (verdicts, turning point, winning line), as the replay page runs it.
  const analysis = spawnSync(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', join(import.meta.dirname, 'analysis.ts'), ...(quick ? ['--quick'] : [])],
    { stdio: 'inherit' },
  );
  if (analysis.status !== 0) process.exit(analysis.status ?? 1);
  console.log();
}

if (wanted('server')) {
  const sizes = quick ? { results: 10_000, ramp: [100], seconds: 5, rounds: 1 } : {};
  console.log(await serverBenchMarkdown(sizes));
}

if (wanted('cluster')) {
  // Quick: one cluster, not three. The same load on two processes, with its stored-once checks, is
  // a test of `pnpm test:cluster` (bench/server/cluster-load.test.ts); here the table and the floor.
  console.log(await clusterBenchMarkdown(quick ? { players: 100, seconds: 5, processes: [1] } : {}));
}

if (wanted('arena')) {
  // Issue #35: one standings push's CPU apart from the sockets, then 1,000 players in one arena on
  // one process, two actions a second, standings to all.
  console.log('## Server: one standings push, apart from the sockets (one core)\n');
  const sizes = quick ? [1000, 3000] : [1000, 3000, 10_000, 100_000];
  console.log(formatArenaTable(sizes.map((players) => benchArenaTable(players, 12, quick ? 3 : 7))));
  console.log();
  console.log('## Server: one arena on one process (SQLite), beside the race load and the floor\n');
  console.log(formatArenaOneProcess(await benchArenaOneProcess(quick ? 100 : 1000, quick ? 5 : 20, quick ? 1 : 3)));
  console.log();
}

if (wanted('arena-cluster')) {
  // Issue #35: 3,000 players in one arena on three processes, an action every two seconds each.
  console.log('## Server: one arena on the cluster (three processes behind HAProxy, PostgreSQL, Redis)\n');
  // `--players N` and `--seconds N`: a size between the quick one and the issue's, for a loaded machine.
  const players = numberFlag('--players') ?? (quick ? 300 : 3000);
  const seconds = numberFlag('--seconds') ?? (quick ? 5 : 30);
  console.log(formatArenaCluster(await benchArenaCluster({ players, seconds, actionsPerSecond: 0.5 })));
  console.log();
}

if (wanted('web')) {
  console.log('## Web app: first visit to the daily on a throttled phone\n');
  console.log(formatFirstVisit(await benchFirstVisit(quick ? 1 : 5)));
}
