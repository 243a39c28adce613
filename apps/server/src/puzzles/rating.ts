import { rate, rating } from 'openskill';
import type { PuzzleSkill } from '../repo/types.ts';
import type { Puzzle } from './catalogue.ts';

/*
 * Puzzle ratings are OpenSkill's, as race ratings are (the library already in use), on a scale of
 * their own: a puzzle solved is a game the player won against the puzzle, a puzzle failed one
 * the puzzle won. Both move after each result, the less certain one the more.
 */

/** A new player's puzzle rating: OpenSkill's default prior (shown 1500). */
export const NEW_PLAYER: PuzzleSkill = { ...rating(), games: 0 };

/** The number shown for a rating, as for races: the mean times 60 (a new player shows 1500). */
export const shown = (skill: { mu: number }) => Math.round(skill.mu * 60);

/**
 * A puzzle's starting rating, from how hard the solver found it: the nodes it spent proving every
 * other move lost (doubling them is about 100 points), more forced moves and more choices. A
 * puzzle whose wrong moves lose at once (0 nodes, one move) starts at 1100; the median near 1400.
 */
export function startingRating(puzzle: Pick<Puzzle, 'nodes' | 'solution' | 'legal'>): PuzzleSkill {
  const points =
    1100 + 100 * Math.log2(1 + puzzle.nodes) + 60 * (puzzle.solution.length - 1) + 15 * Math.max(0, puzzle.legal - 3);
  return { mu: Math.min(points, 2800) / 60, sigma: rating().sigma, games: 0 };
}

/** Both ratings after a result: `solved` is a win for the player, anything else for the puzzle. */
export function ratePuzzle(
  player: PuzzleSkill,
  puzzle: PuzzleSkill,
  solved: boolean,
): { player: PuzzleSkill; puzzle: PuzzleSkill } {
  const [[p], [q]] = rate([[{ mu: player.mu, sigma: player.sigma }], [{ mu: puzzle.mu, sigma: puzzle.sigma }]], {
    rank: solved ? [1, 2] : [2, 1],
  }) as [[{ mu: number; sigma: number }], [{ mu: number; sigma: number }]];
  return {
    player: { mu: p.mu, sigma: p.sigma, games: player.games + 1 },
    puzzle: { mu: q.mu, sigma: q.sigma, games: puzzle.games + 1 },
  };
}
