import type { Row } from '../row-types.ts';

/** A puzzle race (`puzzle_races`). */
export type PuzzleRaceRow = Row<'puzzleRaces'>;
/** One member of a puzzle race (`puzzle_race_members`). */
export type PuzzleRaceMemberRow = Row<'puzzleRaceMembers'>;
/** A member as the race shows them: their row and nickname. */
export type PuzzleRaceMemberView = PuzzleRaceMemberRow & { readonly nickname: string };
/** What a judged move changes in a member's row. */
export type PuzzleRaceChange = Pick<PuzzleRaceMemberRow, 'at' | 'step' | 'score' | 'scoredAt'>;
/** What joining came to: in, already in, or refused (started, full, or no such race). */
export type PuzzleRaceJoin = 'joined' | 'member' | 'started' | 'full' | 'no-such-race';

/** Puzzle races and their members. The puzzles are the shipped data; a race stores only their ids. */
export interface PuzzleRaceRepo {
  /** Stores a new race and its creator as its first member; false (nothing written) if the code is taken. */
  create(race: PuzzleRaceRow, at: number): Promise<boolean>;
  race(code: string): Promise<PuzzleRaceRow | undefined>;
  /** The race's members with their nicknames, in the order they joined. */
  members(code: string): Promise<PuzzleRaceMemberView[]>;
  /**
   * Adds the player to a race not started that has fewer than `most` members, in one statement,
   * so two joins at once never make it `most + 1`; an existing member is left as they were.
   */
  join(code: string, playerId: string, at: number, most: number): Promise<PuzzleRaceJoin>;
  /** Fixes a race's puzzles and clock if it has not started yet (false, nothing written, if it has). */
  start(code: string, puzzleIds: readonly string[], startsAt: number, endsAt: number): Promise<boolean>;
  /**
   * Writes `change` to the member's row if they are still at `from` (false, nothing written, when
   * another request has moved them on), so each move is judged once however often it is sent.
   */
  advance(
    code: string,
    playerId: string,
    from: { at: number; step: number },
    change: PuzzleRaceChange,
  ): Promise<boolean>;
  /** Records the race "race again" made, if none was yet (false otherwise). */
  setNext(code: string, next: string): Promise<boolean>;
  /** Forgets the races never started that were made before `madeBefore`, with their members; answers how many. */
  sweepLobbies(madeBefore: number): Promise<number>;
}
