import { allCpus, CLIENT_CPU, pin, pinning } from './cores.ts';
import { flag } from './flag.ts';
import { median, ms } from './stats.ts';
import { benchWsFloor, type FloorFigures } from './ws-floor.ts';
import { benchWsLoad, formatLoad, type LoadFigures, walMb } from './ws-load.ts';

export interface VsFloorFigures {
  readonly loads: readonly LoadFigures[];
  readonly floors: readonly FloorFigures[];
  /** Round by round, the floor whose echo server does the round's server CPU time per action. */
  readonly matchedFloors: readonly FloorFigures[];
  /** With a base: the older build's loads, round by round, and the median of their p99s. */
  readonly baseLoads: readonly LoadFigures[];
  readonly baseP99: number;
  /** Medians over the rounds: of the server's p99, of the floor's p99, and the first over the second. */
  readonly loadP99: number;
  readonly floorP99: number;
  readonly ratio: number;
  /** The median of the matched floors' p99s. */
  readonly matchedP99: number;
  /** Medians over the rounds of the CPU time per action: of the server, and of the bare floor's echo server. */
  readonly serverCpuPerAction: number;
  readonly echoCpuPerAction: number;
  /** Whether the rounds ran pinned: the clients on `CLIENT_CPU`, the server and each echo server alone on `SERVER_CPU`. */
  readonly pinned: boolean;
}

/**
 * The issue's load (`players` players, two actions a second each, for `seconds`) and the
 * bare-socket floor of the same pattern, alternated `rounds` times. A figure on this shared
 * machine means something only beside the floor measured in the same minutes: the neighbours
 * move both. The goal of issue #14 is the ratio of the medians of their p99s.
 *
 * Each round also runs the floor with the round's server CPU time per action as work in the
 * echo server (`benchWsFloor`'s `workUs`): how far that much work alone, with no pause, takes
 * the p99 on this machine. The matched floor above the bare one is the server's CPU time per
 * action; the server above the matched floor is how unevenly that work costs, and its pauses.
 *
 * Where it can (cores.ts), the bench pins: itself and so the clients on one core, the server and
 * each echo server, every thread, alone on the other, the same way for both; its own cores are
 * given back at the end, so that the benches after it run as before.
 */
export async function benchVsFloor(
  players: number,
  seconds: number,
  rounds: number,
  baseDir?: string,
): Promise<VsFloorFigures> {
  const loads: LoadFigures[] = [];
  const baseLoads: LoadFigures[] = [];
  const floors: FloorFigures[] = [];
  const matchedFloors: FloorFigures[] = [];
  const pinned = pinning();
  const load = () => benchWsLoad({ players, seconds, movesPerSecond: 2, pinServer: pinned });
  const baseLoad = () => benchWsLoad({ players, seconds, movesPerSecond: 2, serverDir: baseDir, pinServer: pinned });
  const floor = (workUs: number) => benchWsFloor(players, seconds, 2, workUs, pinned);
  if (pinned) pin(process.pid, CLIENT_CPU);
  try {
    for (let round = 0; round < rounds; round++) {
      // Which of the two goes first alternates, so neither always follows the floor.
      if (baseDir && round % 2 === 0) baseLoads.push(await baseLoad());
      loads.push(await load());
      if (baseDir && round % 2 === 1) baseLoads.push(await baseLoad());
      floors.push(await floor(0));
      matchedFloors.push(await floor(Math.round(loads.at(-1)!.serverCpuPerAction)));
    }
  } finally {
    if (pinned) pin(process.pid, allCpus());
  }
  const loadP99 = median(loads.map((f) => f.p99));
  const floorP99 = median(floors.map((f) => f.p99));
  const baseP99 = baseDir ? median(baseLoads.map((f) => f.p99)) : Number.NaN;
  const matchedP99 = median(matchedFloors.map((f) => f.p99));
  return {
    loads,
    floors,
    matchedFloors,
    baseLoads,
    loadP99,
    floorP99,
    baseP99,
    ratio: loadP99 / floorP99,
    matchedP99,
    serverCpuPerAction: median(loads.map((f) => f.serverCpuPerAction)),
    echoCpuPerAction: median(floors.map((f) => f.echoCpuPerAction)),
    pinned,
  };
}

export function formatVsFloor(f: VsFloorFigures): string {
  const rows = f.loads.map((load, i) => {
    const floor = f.floors[i]!;
    const matched = f.matchedFloors[i]!;
    return `| ${i + 1} | ${ms(load.p50)} | ${ms(load.p99)} | ${ms(load.max)} | ${ms(floor.p50)} | ${ms(floor.p99)} | ${ms(floor.max)} | ${(load.p99 / floor.p99).toFixed(1)}× | ${matched.workUs} | ${ms(matched.p99)} | ${(load.p99 / matched.p99).toFixed(1)}× | ${cpuUs(load.serverCpuPerAction)} | ${cpuUs(floor.echoCpuPerAction)} |`;
  });
  return [
    wherePinned(f),
    '',
    '| round | server p50 ms | server p99 ms | server max ms | floor p50 ms | floor p99 ms | floor max ms | p99 ratio | matched floor: work µs | matched floor p99 ms | p99 ratio to the matched floor | server CPU µs/action | echo server CPU µs/action |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Medians of p99: server ${ms(f.loadP99)} ms, floor ${ms(f.floorP99)} ms: **${f.ratio.toFixed(1)}×** the floor.`,
    `The floor doing the server's CPU time per action: ${ms(f.matchedP99)} ms, ${(f.matchedP99 / f.floorP99).toFixed(1)}× the floor; the server is **${(f.loadP99 / f.matchedP99).toFixed(1)}×** that.`,
    `Medians of CPU time per action: the server ${cpuUs(f.serverCpuPerAction)} µs, the bare floor's echo server ${cpuUs(f.echoCpuPerAction)} µs.`,
    ...(f.baseLoads.length > 0 ? ['', ...formatBase(f)] : []),
  ].join('\n');
}

/** Where the rounds ran, as the kernel reported each process's cores in the first round. */
function wherePinned(f: VsFloorFigures): string {
  const load = f.loads[0]?.cores;
  const floor = f.floors[0]?.cores;
  if (!f.pinned || !load || !floor)
    return 'Not pinned: the clients, the server and the echo servers shared every core.';
  return `Pinned: the clients on CPU ${load.clients}; the server, every thread, alone on CPU ${load.server}; each echo server alone on CPU ${floor.server} (its clients on CPU ${floor.clients}).`;
}

function cpuUs(us: number): string {
  return Number.isNaN(us) ? '?' : us.toFixed(0);
}

/** The older build beside this one, round by round, with its own ratio to the same floors. */
function formatBase(f: VsFloorFigures): string[] {
  const rows = f.baseLoads.map((base, i) => {
    const load = f.loads[i]!;
    const floor = f.floors[i]!;
    return `| ${i + 1} | ${ms(base.p99)} | ${ms(load.p99)} | ${ms(floor.p99)} | ${base.serverCpuPerAction.toFixed(0)} | ${load.serverCpuPerAction.toFixed(0)} | ${walMb(base)} | ${walMb(load)} |`;
  });
  return [
    '| round | base p99 ms | this p99 ms | floor p99 ms | base CPU µs/action | this CPU µs/action | base WAL MB | this WAL MB |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Medians of p99: base ${ms(f.baseP99)} ms (**${(f.baseP99 / f.floorP99).toFixed(1)}×** the floor), this ${ms(f.loadP99)} ms (**${f.ratio.toFixed(1)}×**).`,
  ];
}

/**
 * `node --conditions=source --import tsx bench/server/vs-floor.ts [--players 1000] [--seconds 20] [--rounds 5] [--base DIR]`
 * `--base` names another checkout's server package (`…/apps/server`, built): its load runs
 * beside this one's in every round, against the same floors.
 */
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  const figures = await benchVsFloor(
    Number(flag('players', '1000')),
    Number(flag('seconds', '20')),
    Number(flag('rounds', '5')),
    process.argv.includes('--base') ? flag('base', '') : undefined,
  );
  const baseLoads = figures.baseLoads.length > 0 ? `Base:\n\n${formatLoad(figures.baseLoads)}\n\n` : '';
  console.log(`${baseLoads}${formatLoad(figures.loads)}\n\n${formatVsFloor(figures)}`);
  process.exit(0);
}
