import type { RaceResult } from '@scorpion/protocol';
import { rate, rating } from 'openskill';
import { damped, repeatFactor } from './repeat.ts';

/*
 * The rating arithmetic, all of it OpenSkill's (Weng-Lin, Plackett-Luce model): a race of 2–8
 * racers is one multiplayer match ranked by the race's own ranking, which the model takes as a
 * whole. Glicko-2 would have to split it into pairwise "games" that are not independent.
 */

/** A rating counts as provisional (shown with "?") until this many rated races. */
export const PROVISIONAL_GAMES = 10;

/** What a new player's rating is: OpenSkill's default prior (mu 25, sigma 25/3). */
export const NEW_RATING = rating();

export interface Skill {
  readonly mu: number;
  readonly sigma: number;
  /** Rated races played. */
  readonly games: number;
}

/** A racer's rating after a rated race, and the rank it read. */
export interface RatingChange extends Skill {
  readonly playerId: string;
  readonly rank: number;
  readonly muBefore: number;
  readonly established: boolean;
}

/**
 * The ranks the rating reads: the race's ranking (winners by time, then progress), except that a
 * racer who left early (gave up, or stayed away past the grace) counts as a loss: last, with any
 * other who left.
 */
export function ratingRanks(results: readonly RaceResult[]): { playerId: string; rank: number }[] {
  const last = Math.max(0, ...results.map((r) => r.rank)) + 1;
  return results.map((r) => ({ playerId: r.playerId, rank: r.gaveUp ? last : r.rank }));
}

/**
 * Every racer's rating after the race, from their ratings before it (absent: a new player). A
 * racer who already raced one of the others, rated, today (`repeats`: how many times) moves by
 * a fraction only (`ratings/repeat.ts`).
 */
export function rateRace(
  results: readonly RaceResult[],
  before: ReadonlyMap<string, Skill>,
  repeats: ReadonlyMap<string, number> = new Map(),
): RatingChange[] {
  const ranks = ratingRanks(results);
  const prior = ranks.map(({ playerId }) => before.get(playerId) ?? { ...NEW_RATING, games: 0 });
  const after = rate(
    prior.map(({ mu, sigma }) => [{ mu, sigma }]),
    { rank: ranks.map((r) => r.rank) },
  );
  return ranks.map(({ playerId, rank }, i) => {
    const games = prior[i]!.games + 1;
    const { mu, sigma } = damped(prior[i]!, after[i]![0]!, repeatFactor(repeats.get(playerId) ?? 0));
    return { playerId, rank, muBefore: prior[i]!.mu, mu, sigma, games, established: games >= PROVISIONAL_GAMES };
  });
}

/** The number shown for a rating: its mean on a familiar scale (a new player shows 1500). */
export function shownRating(mu: number): number {
  return Math.round(mu * 60);
}
