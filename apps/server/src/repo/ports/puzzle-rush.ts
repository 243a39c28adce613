import type { Row } from '../row-types.ts';

/** A puzzle rush run (`puzzle_rushes`). */
export type PuzzleRushRow = Row<'puzzleRushes'>;
export type RushMistakeRow = PuzzleRushRow['mistakes'][number];

/** Where a run is, as a move found it: a change is written only if the run is still there. */
export interface RushPlace {
  readonly at: number;
  readonly step: number;
}

/** What a judged move changes in an open run. */
export type RushChange = Pick<PuzzleRushRow, 'at' | 'step' | 'score' | 'mistakes' | 'endsAt' | 'status' | 'endedAt'>;

/** A player's best run of a day, for the day's board. */
export interface RushBest {
  readonly playerId: string;
  readonly nickname: string;
  readonly score: number;
  readonly endedAt: number;
}

/** Puzzle rush runs. The puzzles are the shipped data; a run stores only their ids. */
export interface PuzzleRushRepo {
  start(row: PuzzleRushRow): Promise<void>;
  run(id: string): Promise<PuzzleRushRow | undefined>;
  /** The player's open runs (one, unless two tabs started at once), newest first. */
  openRuns(playerId: string): Promise<PuzzleRushRow[]>;
  /**
   * Writes `change` to the run if it is open and still at `from` (false, nothing written, when a
   * move or the clock has moved it on), so each move is judged once however often it is sent.
   */
  update(id: string, from: RushPlace, change: RushChange): Promise<boolean>;
  /**
   * The player's best score over their runs that are over by `now`: ended, or left open with their
   * clock run out (a closed tab's run, which nobody has asked for since); undefined before the first.
   */
  best(playerId: string, now: number): Promise<number | undefined>;
  /**
   * Each player's best run among those over by `now` (as `best` counts them) that ended in
   * [`from`, `to`) on the server's clock (an unasked run at its clock's end), scoring at least
   * one: highest score first, then the one that ended first, then by player id; `limit` players.
   */
  dayBests(from: number, to: number, now: number, limit: number): Promise<RushBest[]>;
}
