import { z } from 'zod';
import { Move, WireView } from './game.ts';

/** A puzzle race's clock: ninety seconds on the server's clock, the same for every member (lichess Racer). */
export const PUZZLE_RACE_MS = 90_000;
/** The countdown between the creator's start and the first puzzle. */
export const PUZZLE_RACE_COUNTDOWN_MS = 3_000;
/** The most members a puzzle race takes, its creator counted. */
export const PUZZLE_RACE_MAX = 10;

/** A puzzle race's code, as in its link `/puzzles/race/CODE` (a room code's alphabet). */
export const PuzzleRaceCode = z.string().regex(/^[A-Z2-9]{6}$/);

/** One member as everyone in the race sees them: how far they are, never their position. */
export const PuzzleRaceMember = z.strictObject({
  nickname: z.string(),
  /** Puzzles solved. */
  score: z.int().min(0),
  /** Puzzles left behind, solved or missed: the one they are on, from 0. */
  index: z.int().min(0),
  /** Whether this is the caller. */
  you: z.boolean(),
  /** Whether this member made the race (and starts it). */
  creator: z.boolean(),
  /** Place by score, then by who reached it first on the server's clock; 1 is first. Ties share no place. */
  rank: z.int().min(1),
});
export type PuzzleRaceMember = z.infer<typeof PuzzleRaceMember>;

/** The caller's puzzle in play: its position now, never its solution. */
export const PuzzleRacePuzzle = z.strictObject({
  /** Which of the race's puzzles, from 0 (they rise in difficulty). */
  index: z.int().min(0),
  puzzleId: z.string(),
  view: WireView,
  /** Moves already found in this puzzle. */
  step: z.int().min(0),
  /** Moves this puzzle asks for in all. */
  steps: z.int().min(1),
});
export type PuzzleRacePuzzle = z.infer<typeof PuzzleRacePuzzle>;

/**
 * A puzzle race as one caller sees it now. `lobby`: members join by the link, the creator starts;
 * `countdown`: started, the first puzzle in `startsInMs`; `playing`: the clock runs (`remainingMs`);
 * `over`: the ranking is final. Members are listed by rank.
 */
export const PuzzleRaceState = z.strictObject({
  /** The race's code: its link is `/puzzles/race/CODE`. */
  code: PuzzleRaceCode,
  /** Where it is: `lobby`, `countdown`, `playing` or `over`. */
  status: z.enum(['lobby', 'countdown', 'playing', 'over']),
  /** Whether the caller is a member (a visitor by the link may join while it is in the lobby). */
  member: z.boolean(),
  /** Whether the caller made the race: they start it, and race again. */
  creator: z.boolean(),
  /** Everyone in it, by rank. */
  members: z.array(PuzzleRaceMember),
  /** Time to the first puzzle on the server's clock (`countdown`), else 0. */
  startsInMs: z.int().min(0),
  /** Time left on the server's clock (`countdown` and `playing`: to the end), else 0. */
  remainingMs: z.int().min(0),
  /** The caller's puzzle while the race is `playing`; null otherwise, or once they have done every puzzle. */
  puzzle: PuzzleRacePuzzle.nullable(),
  /** The race the creator made with "race again" once this one was over; null until then. */
  next: PuzzleRaceCode.nullable(),
});
export type PuzzleRaceState = z.infer<typeof PuzzleRaceState>;

/** `POST /api/puzzles/race/:code/move`: the move, and where in the race it was played (as a rush's). */
export const PuzzleRaceMoveBody = z.strictObject({
  /** The puzzle it answers: a move for a puzzle the caller has left is refused, 409 `stale`. */
  index: z.int().min(0).max(1000),
  /** Moves already found in that puzzle: a resent or stale move is refused, 409 `stale`. */
  step: z.int().min(0).max(100),
  move: Move,
});
export type PuzzleRaceMoveBody = z.infer<typeof PuzzleRaceMoveBody>;

/**
 * What a move did, and the race after it: `right` (the puzzle goes on), `solved` (scored, on to
 * the next puzzle), `wrong` (on to the next puzzle, unscored, no time lost). No solution is sent.
 */
export const PuzzleRaceAnswer = z.strictObject({
  /** What the move was (see above). */
  result: z.enum(['right', 'solved', 'wrong']),
  /** The race after the move, as the caller sees it. */
  race: PuzzleRaceState,
});
export type PuzzleRaceAnswer = z.infer<typeof PuzzleRaceAnswer>;
