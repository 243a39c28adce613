import type { ArenaLoadFigures } from './arena-clients.ts';
import { benchArenaLoad, checkStandingsRate, formatArenaLoad } from './arena-load.ts';
import { allCpus, CLIENT_CPU, pin, pinning } from './cores.ts';
import { median, ms } from './stats.ts';
import { benchWsFloor, type FloorFigures } from './ws-floor.ts';
import { benchWsLoad, formatLoad, type LoadFigures } from './ws-load.ts';

export interface ArenaOneProcessFigures {
  readonly players: number;
  readonly seconds: number;
  readonly pinned: boolean;
  /** Round by round: the arena with the standings pushed, without them, the plain race load, the floor. */
  readonly arenas: readonly ArenaLoadFigures[];
  readonly quiet: readonly ArenaLoadFigures[];
  readonly races: readonly LoadFigures[];
  readonly floors: readonly FloorFigures[];
}

/**
 * Issue #35's first load: `players` players in one arena on one process (the build, SQLite),
 * each sending two actions a second, the standings pushed to all of them. Each round runs, one
 * after the other on the same pinned cores (cores.ts), the arena with the standings, the same
 * arena load with every player off the standings (`arena-leave`), the plain race load of
 * `ws-load.ts` (its bound) and the bare-socket floor, all at the same player count and rate:
 * the arena's move p99 is read against the race load's and the floor's of the same minutes, and
 * the standings' cost is the server CPU a second of the first arena run over the second's.
 */
export async function benchArenaOneProcess(
  players: number,
  seconds: number,
  rounds: number,
): Promise<ArenaOneProcessFigures> {
  const pinned = pinning();
  const arenas: ArenaLoadFigures[] = [];
  const quiet: ArenaLoadFigures[] = [];
  const races: LoadFigures[] = [];
  const floors: FloorFigures[] = [];
  const arena = (standings: boolean) =>
    benchArenaLoad({ players, seconds, actionsPerSecond: 2, standings, pinServer: pinned });
  if (pinned) pin(process.pid, CLIENT_CPU);
  try {
    for (let round = 0; round < rounds; round++) {
      arenas.push(await arena(true));
      checkStandingsRate(arenas.at(-1)!);
      quiet.push(await arena(false));
      races.push(await benchWsLoad({ players, seconds, movesPerSecond: 2, pinServer: pinned }));
      floors.push(await benchWsFloor(players, seconds, 2, 0, pinned));
    }
  } finally {
    if (pinned) pin(process.pid, allCpus());
  }
  return { players, seconds, pinned, arenas, quiet, races, floors };
}

export function formatArenaOneProcess(f: ArenaOneProcessFigures): string {
  const arenaP99 = median(f.arenas.map((a) => a.p99));
  const quietP99 = median(f.quiet.map((a) => a.p99));
  const raceP99 = median(f.races.map((r) => r.p99));
  const floorP99 = median(f.floors.map((r) => r.p99));
  const cpuWith = median(f.arenas.map((a) => a.serverCpuPerSecond));
  const cpuWithout = median(f.quiet.map((a) => a.serverCpuPerSecond));
  const framesPerSecond = median(f.arenas.map((a) => a.standingsPerSocketPerSecond * a.players));
  const standingsMs = (cpuWith - cpuWithout) * 1000;
  const rounds = f.arenas.map(
    (a, i) =>
      `| ${i + 1} | ${ms(a.p99)} | ${ms(f.quiet[i]!.p99)} | ${ms(f.races[i]!.p99)} | ${ms(f.floors[i]!.p99)} | ${(a.p99 / f.floors[i]!.p99).toFixed(1)}× | ${(a.p99 / f.races[i]!.p99).toFixed(2)}× | ${(a.serverCpuPerSecond * 1000).toFixed(0)} | ${(f.quiet[i]!.serverCpuPerSecond * 1000).toFixed(0)} |`,
  );
  return [
    f.pinned
      ? 'Pinned: the clients on CPU 0; the server (and the floor’s echo server), every thread, alone on CPU 1.'
      : 'Not pinned: the clients and the server shared every core.',
    '',
    formatArenaLoad([...f.arenas, ...f.quiet]),
    '',
    'The plain race load and the floor of the same rounds:',
    '',
    formatLoad(f.races),
    '',
    '| round | arena p99 ms | arena without standings p99 ms | race load p99 ms | floor p99 ms | arena ÷ floor | arena ÷ race load | server CPU ms/s, standings | server CPU ms/s, none |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rounds,
    '',
    `Medians of p99: arena ${ms(arenaP99)} ms (**${(arenaP99 / floorP99).toFixed(1)}×** the floor, **${(arenaP99 / raceP99).toFixed(2)}×** the race load), without standings ${ms(quietP99)} ms, race load ${ms(raceP99)} ms (${(raceP99 / floorP99).toFixed(1)}×), floor ${ms(floorP99)} ms.`,
    `The standings: ${framesPerSecond.toFixed(0)} frames a second to ${f.players.toLocaleString('en-US')} sockets cost **${standingsMs.toFixed(0)} ms of server CPU a second** (${cpuWith * 1000 > 0 ? ((1000 * standingsMs) / Math.max(framesPerSecond, 1)).toFixed(0) : '?'} µs a frame; medians, ${(cpuWith * 1000).toFixed(0)} against ${(cpuWithout * 1000).toFixed(0)} ms/s).`,
  ].join('\n');
}
