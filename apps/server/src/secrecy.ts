import type { GameStatus } from '@scorpion/protocol';

/*
 * When a deal becomes public: the one place that decides it. Before then the server sends no
 * deck, no seed that rebuilds it, no move line and no winning line to anyone (the seed of a
 * practice game to the player who chose it excepted, who knows it anyway). Each game kind's
 * policy, the daily route and the race's end ask here.
 */

/** A practice game: once it is over. */
export function practiceIsPublic(status: GameStatus): boolean {
  return status !== 'playing';
}

/** The daily deal of `date` (and every game of it): once that UTC day is over. */
export function dailyIsPublic(date: string, today: string): boolean {
  return date < today;
}

/** A race's deal (and every racer's game): once the race has finished. */
export function raceIsPublic(race: { readonly status: 'racing' | 'finished' }): boolean {
  return race.status === 'finished';
}
