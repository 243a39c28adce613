import type { PuzzleRaceMember, PuzzleRaceState } from '@scorpion/protocol';
import type { PuzzleRaceMemberView, PuzzleRaceRow } from '../repo/types.ts';
import { gate } from '../secrecy.ts';
import type { Puzzle } from './catalogue.ts';
import { positionAt } from './judge.ts';

export type PuzzleRacePhase = PuzzleRaceState['status'];

/** Where a race is on the server's clock: nothing is written when it starts running or ends. */
export function phaseOf(race: PuzzleRaceRow, now: number): PuzzleRacePhase {
  if (race.startsAt === null || race.endsAt === null) return 'lobby';
  if (now < race.startsAt) return 'countdown';
  return now < race.endsAt ? 'playing' : 'over';
}

/**
 * The members by rank: the most solved first; on a tie, who reached that score first on the
 * server's clock (a member who scored nothing has no time, and comes after), then who joined first.
 */
export function ranked(members: readonly PuzzleRaceMemberView[]): PuzzleRaceMemberView[] {
  const reached = (m: PuzzleRaceMemberView) => m.scoredAt ?? Number.POSITIVE_INFINITY;
  return [...members].sort(
    (a, b) =>
      b.score - a.score ||
      reached(a) - reached(b) ||
      a.joinedAt - b.joinedAt ||
      (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0),
  );
}

/**
 * The race as `playerId` (undefined: a visitor) sees it at `now`: everyone's score and puzzle
 * number, and only the caller's own puzzle, as its position now. No solution is ever in it.
 */
export function raceView(
  race: PuzzleRaceRow,
  members: readonly PuzzleRaceMemberView[],
  playerId: string | undefined,
  now: number,
  puzzleOf: (id: string) => Puzzle | undefined,
): PuzzleRaceState {
  const status = phaseOf(race, now);
  const table: PuzzleRaceMember[] = ranked(members).map((m, at) => ({
    nickname: m.nickname,
    score: m.score,
    index: m.at,
    you: m.playerId === playerId,
    creator: m.playerId === race.creatorId,
    rank: at + 1,
  }));
  const me = members.find((m) => m.playerId === playerId);
  const id = me && status === 'playing' ? race.puzzleIds?.[me.at] : undefined;
  const puzzle = id === undefined ? undefined : puzzleOf(id);
  return {
    code: race.code,
    status,
    member: me !== undefined,
    creator: race.creatorId === playerId,
    members: table,
    startsInMs: status === 'countdown' && race.startsAt !== null ? race.startsAt - now : 0,
    remainingMs: (status === 'countdown' || status === 'playing') && race.endsAt !== null ? race.endsAt - now : 0,
    puzzle:
      me && puzzle
        ? {
            index: me.at,
            puzzleId: puzzle.id,
            view: gate.position(positionAt(puzzle, me.step)),
            step: me.step,
            steps: puzzle.solution.length,
          }
        : null,
    next: race.next,
  };
}
