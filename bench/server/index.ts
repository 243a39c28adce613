import { benchLeaderboards, formatLeaderboards } from './leaderboard.ts';
import { benchWsLoad, formatLoad, type LoadFigures } from './ws-load.ts';

export { benchLeaderboards, benchWsLoad, formatLeaderboards, formatLoad };

/**
 * Both server benchmarks as Markdown, for `pnpm bench`: the leaderboard reads on `results`
 * stored results, then the WebSocket load at each player count in `ramp` (the first is the
 * issue's 1,000 players in 500 races, two actions a second each).
 */
export async function serverBenchMarkdown(
  options: { results?: number; ramp?: readonly number[]; seconds?: number } = {},
): Promise<string> {
  const boards = await benchLeaderboards(options.results ?? 1_000_000);
  const loads: LoadFigures[] = [];
  for (const players of options.ramp ?? [1000]) {
    loads.push(await benchWsLoad({ players, seconds: options.seconds ?? 30, movesPerSecond: 2 }));
  }
  return [
    '## Server: leaderboard reads',
    '',
    formatLeaderboards(boards),
    '',
    '## Server: WebSocket load (server in its own process, this process the clients)',
    '',
    formatLoad(loads),
  ].join('\n');
}
