import { z } from 'zod';
import { Move, WireView } from './game.ts';

/** A puzzle rating as shown: its mean on the 1500 scale of race ratings. */
export const PuzzleRating = z.strictObject({
  /** The mean, rounded. */
  rating: z.int(),
  /** Rated puzzles played (for a player) or results it has had (for a puzzle). */
  games: z.int().min(0),
});
export type PuzzleRating = z.infer<typeof PuzzleRating>;

/**
 * A puzzle as its player sees it while solving: a position with every card face up, so it holds
 * nothing secret; its solution stays on the server until the puzzle is solved, failed or given up.
 */
export const PuzzleView = z.strictObject({
  /** The player's attempt at this puzzle: where moves and a give-up are sent. */
  attemptId: z.string(),
  /** The puzzle's id in the shipped data (`KEY.deal.ply`, with `bB` for the early deal's branch). */
  puzzleId: z.string(),
  /** The position to move from now (after the moves already found). */
  view: WireView,
  /** Moves already found. */
  step: z.int().min(0),
  /** Moves the puzzle asks for in all, every one of them the only one that keeps the deal winnable. */
  steps: z.int().min(1),
  /** The puzzle's rating as the attempt began. */
  puzzleRating: z.int(),
  /** The player's puzzle rating as the attempt began. */
  playerRating: PuzzleRating,
});
export type PuzzleView = z.infer<typeof PuzzleView>;

/** `POST /api/puzzles/attempts/:id/move`: the move, and which of the puzzle's moves it answers. */
export const PuzzleMoveBody = z.strictObject({
  /** Moves already found, as the page last heard it (`step`): a resent or stale move is refused, 409 `stale`. */
  step: z.int().min(0).max(100),
  move: Move,
});
export type PuzzleMoveBody = z.infer<typeof PuzzleMoveBody>;

/** The player's puzzle rating before and after a result. */
export const PuzzleRatingChange = z.strictObject({
  /** The shown rating before the result. */
  before: z.int(),
  /** The rating after it. */
  after: PuzzleRating,
});
export type PuzzleRatingChange = z.infer<typeof PuzzleRatingChange>;

/**
 * What a puzzle move (or a give-up) did:
 * - `continue`: the right move; `view` is the position after it, and the next move is the player's;
 * - `solved`: the right move, and the last: the puzzle is solved;
 * - `wrong`: another move, the puzzle is failed; `solution` is the whole line from the puzzle's start;
 * - `gave-up`: as `wrong`, asked for.
 */
export const PuzzleAnswer = z.discriminatedUnion('result', [
  z.strictObject({
    result: z.literal('continue'),
    /** The position after the move. */
    view: WireView,
    /** Moves found now. */
    step: z.int().min(1),
  }),
  z.strictObject({
    result: z.literal('solved'),
    view: WireView,
    /** The puzzle's whole line from its start. */
    solution: z.array(Move),
    /** The player's puzzle rating, changed by the result. */
    rating: PuzzleRatingChange,
    /** The puzzle's rating after the result. */
    puzzleRating: z.int(),
  }),
  z.strictObject({
    result: z.enum(['wrong', 'gave-up']),
    solution: z.array(Move),
    rating: PuzzleRatingChange,
    puzzleRating: z.int(),
  }),
]);
export type PuzzleAnswer = z.infer<typeof PuzzleAnswer>;
