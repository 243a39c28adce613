import type { ShownRating } from '@scorpion/protocol';
import type { RatingRow } from '../repo/types.ts';
import { shownRating } from './model.ts';

/** A stored rating as players see it. */
export function shown(row: Pick<RatingRow, 'mu' | 'games' | 'established'>): ShownRating {
  return { rating: shownRating(row.mu), provisional: !row.established, games: row.games };
}
