import type { GamesRepo, Repos } from '../repo/types.ts';
import type { DailyRanks } from './daily-ranks.ts';

/**
 * The same repositories, except that a game's end that stored a ranked daily result also adds
 * it to the day's board in Redis. After the commit, and without holding up the answer: until it
 * lands the board is one short of the day's count and ranks come from SQL (see `DailyRanks`).
 */
export function withRankUpdates(repos: Repos, ranks: DailyRanks, failed: (error: unknown) => void): Repos {
  const games: GamesRepo = Object.create(repos.games);
  games.finish = async (gameId, end, daily) => {
    const finished = await repos.games.finish(gameId, end, daily);
    if (finished && daily?.result.verified) void ranks.stored(daily.result.date, daily.result.playerId).catch(failed);
    return finished;
  };
  const wrapped: Repos = Object.create(repos);
  Object.defineProperty(wrapped, 'games', { value: games });
  return wrapped;
}
