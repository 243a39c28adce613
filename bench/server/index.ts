import { benchLeaderboards, formatLeaderboards } from './leaderboard.ts';
import { benchRedisRanks, formatRedisRanks } from './redis-ranks.ts';
import { benchVsFloor, formatVsFloor } from './vs-floor.ts';
import { benchWsFloor, formatFloor } from './ws-floor.ts';
import { benchWsLoad, formatLoad, type LoadFigures } from './ws-load.ts';

export {
  benchLeaderboards,
  benchRedisRanks,
  benchVsFloor,
  benchWsFloor,
  benchWsLoad,
  formatFloor,
  formatLeaderboards,
  formatLoad,
  formatRedisRanks,
  formatVsFloor,
};

/**
 * The server benchmarks as Markdown, for `pnpm bench`: the leaderboard reads on `results`
 * stored results, the daily ranks from Redis on as many, then the WebSocket load (the issue's
 * 1,000 players in 500 races, two actions a second each, or `ramp[0]`) alternated `rounds`
 * times with the same pattern against a bare echo server (what the machine adds to a round
 * trip on its own) and the ratio of their median p99s, then the load at the rest of `ramp`.
 */
export async function serverBenchMarkdown(
  options: { results?: number; ramp?: readonly number[]; seconds?: number; rounds?: number } = {},
): Promise<string> {
  const boards = await benchLeaderboards(options.results ?? 1_000_000);
  const ranks = await benchRedisRanks(options.results ?? 1_000_000);
  const [first = 1000, ...rest] = options.ramp ?? [1000];
  const seconds = options.seconds ?? 20;
  const vsFloor = await benchVsFloor(first, seconds, options.rounds ?? 5);
  const loads: LoadFigures[] = [...vsFloor.loads];
  for (const players of rest) loads.push(await benchWsLoad({ players, seconds, movesPerSecond: 2 }));
  return [
    '## Server: leaderboard reads',
    '',
    formatLeaderboards(boards),
    '',
    '## Server: daily ranks from Redis',
    '',
    formatRedisRanks(ranks),
    '',
    '## Server: WebSocket load (the server in its own process, the clients in another)',
    '',
    formatLoad(loads),
    '',
    'Beside the bare-socket floor, round by round:',
    '',
    formatVsFloor(vsFloor),
  ].join('\n');
}
