import type { Row } from '../row-types.ts';

/** A player's attempt at a puzzle (`puzzle_attempts`). */
export type PuzzleAttemptRow = Row<'puzzleAttempts'>;
export type PuzzleAttemptEnd = Exclude<PuzzleAttemptRow['status'], 'open'>;

/** An OpenSkill rating and the rated results it has had. */
export interface PuzzleSkill {
  readonly mu: number;
  readonly sigma: number;
  readonly games: number;
}

/** A result's ratings, written with the attempt's end. */
export interface PuzzleResultWrite {
  readonly player: PuzzleSkill;
  readonly puzzle: PuzzleSkill;
}

/** Puzzle ratings and attempts. The puzzles themselves are the shipped data, not stored here. */
export interface PuzzlesRepo {
  playerRating(playerId: string): Promise<PuzzleSkill | undefined>;
  puzzleRating(puzzleId: string): Promise<PuzzleSkill | undefined>;
  /** Every puzzle's rating that has moved from its start, by puzzle id (read once, at start). */
  puzzleRatings(): Promise<Map<string, PuzzleSkill>>;
  /** The player's open attempt, if any (at most one: `start` is refused while one is open). */
  openAttempt(playerId: string): Promise<PuzzleAttemptRow | undefined>;
  attempt(id: string): Promise<PuzzleAttemptRow | undefined>;
  /** The puzzles the player has had, whatever their result. */
  playedIds(playerId: string): Promise<Set<string>>;
  /** Stores a new open attempt; false when the player has had that puzzle already. */
  start(row: PuzzleAttemptRow): Promise<boolean>;
  /** One more move found, if the attempt is still open at `fromStep` (false: it moved on, or ended). */
  advance(id: string, fromStep: number): Promise<boolean>;
  /**
   * Ends the attempt open at `fromStep` and writes both ratings; false (nothing written) when it
   * had already moved on or ended, so a result is rated once however often it is sent.
   */
  finish(
    attempt: PuzzleAttemptRow,
    fromStep: number,
    status: PuzzleAttemptEnd,
    at: number,
    ratings: PuzzleResultWrite,
  ): Promise<boolean>;
}
