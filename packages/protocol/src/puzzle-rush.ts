import { z } from 'zod';
import { Move, WireView } from './game.ts';

/** A puzzle rush's clock: three minutes on the server's clock. */
export const RUSH_MS = 180_000;
/** What a wrong move takes off a rush's clock. */
export const RUSH_MISTAKE_MS = 10_000;
/** The mistakes that end a rush. */
export const RUSH_MISTAKES = 3;

/**
 * A rush in play, as its player sees it: the puzzle to solve now (every card face up, its
 * solution kept on the server), the score so far and the time left on the server's clock.
 */
export const RushPlaying = z.strictObject({
  /** `playing`: the run is in play. */
  status: z.literal('playing'),
  /** The run's id: its moves go to `POST /api/puzzles/rush/:id/move`. */
  runId: z.string(),
  /** Which of the run's puzzles this is, from 0 (they rise in difficulty). */
  index: z.int().min(0),
  /** The puzzle's id in the shipped data. */
  puzzleId: z.string(),
  /** The position to move from now (after the moves already found in this puzzle). */
  view: WireView,
  /** Moves already found in this puzzle. */
  step: z.int().min(0),
  /** Moves this puzzle asks for in all. */
  steps: z.int().min(1),
  /** Puzzles solved so far. */
  score: z.int().min(0),
  /** Wrong moves so far: each took ten seconds off the clock, and the third ends the run. */
  mistakes: z.int().min(0),
  /** Time left on the server's clock as this answer was made, in milliseconds. */
  remainingMs: z.int().min(0),
  /** The player's best score before this run; null before their first run. */
  best: z.int().min(0).nullable(),
});
export type RushPlaying = z.infer<typeof RushPlaying>;

/** A wrong move of a finished rush: the position it was played in, and the move that was right. */
export const RushMistake = z.strictObject({
  /** Which of the run's puzzles, from 0. */
  index: z.int().min(0),
  puzzleId: z.string(),
  /** The position the wrong move was played in. */
  view: WireView,
  /** The wrong move played. */
  played: Move,
  /** The only move that kept the deal winnable there. */
  right: Move,
});
export type RushMistake = z.infer<typeof RushMistake>;

/** A finished rush: its score, its mistakes with their right moves, and the player's best. */
export const RushOver = z.strictObject({
  /** `over`: the run has ended. */
  status: z.literal('over'),
  /** The run's id. */
  runId: z.string(),
  /** Puzzles solved. */
  score: z.int().min(0),
  /** Each wrong move, with the right one. */
  mistakes: z.array(RushMistake),
  /** `time`: the clock ran out; `mistakes`: the third wrong move; `puzzles`: the run's last puzzle was done; `left`: a new run was started while this one was in play. */
  endedBy: z.enum(['time', 'mistakes', 'puzzles', 'left']),
  /** The player's best score, this run counted. */
  best: z.int().min(0),
});
export type RushOver = z.infer<typeof RushOver>;

/** A rush run, in play or over. */
export const RushRun = z.discriminatedUnion('status', [RushPlaying, RushOver]);
export type RushRun = z.infer<typeof RushRun>;

/** `GET /api/puzzles/rush`: the caller's best and their run in play, if any (to carry on after a reload). */
export const RushHome = z.strictObject({
  /** The caller's best score; null before their first run. */
  best: z.int().min(0).nullable(),
  /** The run in play; null when there is none. */
  playing: RushPlaying.nullable(),
});
export type RushHome = z.infer<typeof RushHome>;

/** `POST /api/puzzles/rush/:id/move`: the move, and where in the run it was played. */
export const RushMoveBody = z.strictObject({
  /** The puzzle it answers (`index`): a move for a puzzle the run has left is refused, 409 `stale`. */
  index: z.int().min(0).max(1000),
  /** Moves already found in that puzzle (`step`): a resent or stale move is refused, 409 `stale`. */
  step: z.int().min(0).max(100),
  move: Move,
});
export type RushMoveBody = z.infer<typeof RushMoveBody>;

/**
 * What a rush move did, and the run after it:
 * - `right`: the right move, and the puzzle goes on (the run shows its next position);
 * - `solved`: the puzzle's last move, scored; the run shows its next puzzle, or is over;
 * - `wrong`: a mistake; the run shows its next puzzle with ten seconds less, or is over.
 * No solution is sent while the run is in play; a finished run lists each mistake's right move.
 */
export const RushAnswer = z.strictObject({
  /** What the move was (see above). */
  result: z.enum(['right', 'solved', 'wrong']),
  /** The run after the move. */
  run: RushRun,
});
export type RushAnswer = z.infer<typeof RushAnswer>;

/** One player's best rush of the day on the day's board. */
export const RushBoardRow = z.strictObject({
  /** Place, from 1. */
  rank: z.int().min(1),
  nickname: z.string(),
  /** Puzzles solved in that run. */
  score: z.int().min(1),
  /** Whether this is the caller's row. */
  you: z.boolean(),
});
export type RushBoardRow = z.infer<typeof RushBoardRow>;

/**
 * `GET /api/puzzles/rush/board`: today's best rushes (the UTC day of the server's clock), each
 * player's best run that ended today; a tie goes to the run that ended first on the server's clock.
 */
export const RushBoard = z.strictObject({
  /** The day, `YYYY-MM-DD` (UTC). */
  date: z.string(),
  /** The day's board, first place first. */
  rows: z.array(RushBoardRow),
});
export type RushBoard = z.infer<typeof RushBoard>;
