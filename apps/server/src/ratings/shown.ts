import type { ShownRating } from '@scorpion/protocol';
import type { RatingRow } from '../repo/types.ts';
import { NEW_RATING, shownRating } from './model.ts';

/** A stored rating as players see it. */
export function shown(row: Pick<RatingRow, 'mu' | 'games' | 'established'>): ShownRating {
  return { rating: shownRating(row.mu), provisional: !row.established, games: row.games };
}

/** A player with no rated race yet, as `shown` stores nothing for them. */
export const NEW_PLAYER_RATING: Pick<RatingRow, 'mu' | 'games' | 'established'> = {
  mu: NEW_RATING.mu,
  games: 0,
  established: false,
};
