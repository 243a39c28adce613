import { flag } from './flag.ts';
import { median, ms } from './stats.ts';
import { benchWsFloor, type FloorFigures } from './ws-floor.ts';
import { benchWsLoad, formatLoad, type LoadFigures } from './ws-load.ts';

export interface VsFloorFigures {
  readonly loads: readonly LoadFigures[];
  readonly floors: readonly FloorFigures[];
  /** Medians over the rounds: of the server's p99, of the floor's p99, and the first over the second. */
  readonly loadP99: number;
  readonly floorP99: number;
  readonly ratio: number;
}

/**
 * The load (`players` players, two actions a second each, for `seconds`) and the
 * bare-socket floor of the same pattern, alternated `rounds` times. A figure on this shared
 * machine means something only beside the floor measured in the same minutes: the neighbours
 * move both. The goal of issue #14 is the ratio of the medians of their p99s.
 */
export async function benchVsFloor(players: number, seconds: number, rounds: number): Promise<VsFloorFigures> {
  const loads: LoadFigures[] = [];
  const floors: FloorFigures[] = [];
  for (let round = 0; round < rounds; round++) {
    loads.push(await benchWsLoad({ players, seconds, movesPerSecond: 2 }));
    floors.push(await benchWsFloor(players, seconds));
  }
  const loadP99 = median(loads.map((f) => f.p99));
  const floorP99 = median(floors.map((f) => f.p99));
  return { loads, floors, loadP99, floorP99, ratio: loadP99 / floorP99 };
}

export function formatVsFloor(f: VsFloorFigures): string {
  const rows = f.loads.map((load, i) => {
    const floor = f.floors[i]!;
    return `| ${i + 1} | ${ms(load.p50)} | ${ms(load.p99)} | ${ms(load.max)} | ${ms(floor.p50)} | ${ms(floor.p99)} | ${ms(floor.max)} | ${(load.p99 / floor.p99).toFixed(1)}× |`;
  });
  return [
    '| round | server p50 ms | server p99 ms | server max ms | floor p50 ms | floor p99 ms | floor max ms | p99 ratio |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Medians of p99: server ${ms(f.loadP99)} ms, floor ${ms(f.floorP99)} ms: **${f.ratio.toFixed(1)}×** the floor.`,
  ].join('\n');
}

/** `node --conditions=source --import tsx bench/server/vs-floor.ts [--players 1000] [--seconds 20] [--rounds 3]` */
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
  const figures = await benchVsFloor(
    Number(flag('players', '1000')),
    Number(flag('seconds', '20')),
    Number(flag('rounds', '3')),
  );
  console.log(`${formatLoad(figures.loads)}\n\n${formatVsFloor(figures)}`);
  process.exit(0);
}
