import type { BoardsRepo, GamesRepo, Repos } from '../../repo/types.ts';
import type { DailyRanks } from './daily-ranks.ts';

/**
 * The same repositories, except that a game's end that stored a ranked daily result also adds
 * it to the day's board in Redis. After the commit, and without holding up the answer: until it
 * lands the board is one short of the day's count and ranks come from SQL (see `DailyRanks`).
 * A player's results counted again (a hold, a mark, a clear) leave or rejoin it the same way.
 */
export function withRankUpdates(repos: Repos, ranks: DailyRanks, failed: (error: unknown) => void): Repos {
  const games = overriding(repos.games, {
    async finish(gameId, end, daily) {
      const finished = await repos.games.finish(gameId, end, daily);
      if (finished && daily?.result.verified && !daily.flag)
        void ranks.stored(daily.result.date, daily.result.playerId).catch(failed);
      return finished;
    },
  } satisfies Partial<GamesRepo>);
  const boards = overriding(repos.boards, {
    async recount(playerId, totalsOf) {
      const recounted = await repos.boards.recount(playerId, totalsOf);
      for (const { date, key, counted } of recounted) {
        const moved = counted ? ranks.stored(date, playerId) : ranks.removed(date, key);
        await moved.catch(failed);
      }
      return recounted;
    },
  } satisfies Partial<BoardsRepo>);
  return overriding(repos, { games, boards });
}

/**
 * `target` with some members replaced; every other one is the target's own, called on the
 * target (so a repository written as a class, private fields and all, works the same).
 */
export function overriding<T extends object>(target: T, overrides: Partial<T>): T {
  return new Proxy(target, {
    get(object, key) {
      if (Object.hasOwn(overrides, key)) return overrides[key as keyof T];
      const value = Reflect.get(object, key, object);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
}
