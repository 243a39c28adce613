import type { Puzzle } from './catalogue.ts';

/** Puzzles in a run: more than anyone solves in three minutes (lichess Storm's best are near 80). */
export const RUN_LENGTH = 100;

/** The puzzles' ids, easiest first: by rating, then id. */
export function byRating(puzzles: readonly Puzzle[], ratingOf: (puzzle: Puzzle) => number): string[] {
  return puzzles
    .map((puzzle) => ({ id: puzzle.id, rating: ratingOf(puzzle) }))
    .sort((a, b) => a.rating - b.rating || (a.id < b.id ? -1 : 1))
    .map((puzzle) => puzzle.id);
}

/**
 * A rush run's puzzles, easy to hard, fixed as it starts: the puzzles ordered by rating
 * (`byRating`), cut into `RUN_LENGTH` bands, one drawn from each band in turn, so a run climbs the
 * whole range of the shipped puzzles. A catalogue smaller than a run (a test server, a fresh
 * install) is gone through in order again rather than ending the run early.
 */
export function chooseRun(sorted: readonly string[], random: () => number): string[] {
  const n = sorted.length;
  if (n === 0) return [];
  return Array.from({ length: RUN_LENGTH }, (_, band) => {
    if (n < RUN_LENGTH) return sorted[band % n]!;
    const from = Math.floor((band * n) / RUN_LENGTH);
    const size = Math.floor(((band + 1) * n) / RUN_LENGTH) - from;
    return sorted[from + Math.min(size - 1, Math.floor(random() * size))]!;
  });
}
