import { benchLeaderboards, formatLeaderboards } from './leaderboard.ts';
import { benchRedisRanks, formatRedisRanks } from './redis-ranks.ts';
import { benchWsFloor, formatFloor } from './ws-floor.ts';
import { benchWsLoad, formatLoad, type LoadFigures } from './ws-load.ts';

export {
  benchLeaderboards,
  benchRedisRanks,
  benchWsFloor,
  benchWsLoad,
  formatFloor,
  formatLeaderboards,
  formatLoad,
  formatRedisRanks,
};

/**
 * The server benchmarks as Markdown, for `pnpm bench`: the leaderboard reads on `results`
 * stored results, the daily ranks from Redis on as many, then the WebSocket load at each player count in `ramp` (the first is the
 * issue's 1,000 players in 500 races, two actions a second each), then the same pattern
 * against a bare echo server: what the machine adds to a round trip on its own.
 */
export async function serverBenchMarkdown(
  options: { results?: number; ramp?: readonly number[]; seconds?: number } = {},
): Promise<string> {
  const boards = await benchLeaderboards(options.results ?? 1_000_000);
  const ranks = await benchRedisRanks(options.results ?? 1_000_000);
  const loads: LoadFigures[] = [];
  for (const players of options.ramp ?? [1000]) {
    loads.push(await benchWsLoad({ players, seconds: options.seconds ?? 30, movesPerSecond: 2 }));
  }
  const floor = await benchWsFloor(options.ramp?.[0] ?? 1000, options.seconds ?? 30);
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
    formatFloor(floor),
  ].join('\n');
}
