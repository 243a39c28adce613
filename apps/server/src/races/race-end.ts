import type { RaceResult, RatingChange } from '@scorpion/protocol';
import type { LiveGame } from '../games/live-game.ts';
import { type RatingChange as Rated, rateRace, shownRating } from '../ratings/model.ts';
import { earlierToday, startOfUtcDay } from '../ratings/repeat.ts';
import type { Fence, RaceRow, RacesRepo } from '../repo/types.ts';
import { rankRace } from './ranking.ts';

/** A race's end as stored: its results, and its rating changes if this process rated it. */
export interface RaceEnded {
  readonly results: RaceResult[];
  readonly ratings: RatingChange[] | null;
}

/**
 * Ranks a race whose games are all over and stores its end (fenced in cluster mode). A rated
 * race is rated in the transaction that ends it: exactly once, by whoever ends it. A pair
 * already met, rated, today counts for less (read before: a racer races once at a time).
 * Ended already by another process: its stored results.
 */
export async function storeRaceEnd(
  race: RaceRow,
  racers: readonly { readonly playerId: string; readonly nickname: string; readonly game: LiveGame }[],
  races: RacesRepo,
  now: number,
  fence: Fence | undefined,
): Promise<RaceEnded> {
  const results = rankRace(
    racers.map(({ playerId, nickname, game }) => ({
      playerId,
      nickname,
      won: game.row.status === 'won',
      gaveUp: game.row.status === 'gave-up',
      timeMs: game.row.timeMs ?? 0,
      progress: game.row.progress,
      faceDown: game.row.faceDown,
      moves: game.row.moves,
      gameId: game.row.id,
    })),
  );
  let rated: Rated[] | null = null;
  const repeats = race.rated
    ? earlierToday(
        await races.ratedTogetherSince(
          results.map((r) => r.playerId),
          startOfUtcDay(now),
        ),
      )
    : undefined;
  const rate = repeats
    ? (before: Parameters<typeof rateRace>[1]) => {
        rated = rateRace(results, before, repeats);
        return rated;
      }
    : undefined;
  const stored = await races.finish(race.id, now, results, fence, rate);
  if (!stored) return { results: await races.results(race.id), ratings: null };
  return { results, ratings: shownChanges(rated) };
}

/** What racers are shown of their rating changes. */
function shownChanges(changes: readonly Rated[] | null): RatingChange[] | null {
  return (
    changes?.map((c) => ({
      playerId: c.playerId,
      before: shownRating(c.muBefore),
      after: { rating: shownRating(c.mu), provisional: !c.established, games: c.games },
    })) ?? null
  );
}
