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
  /** The player's best score over their runs that are over; undefined before the first. */
  best(playerId: string): Promise<number | undefined>;
}
