import {
  PUZZLE_RACE_COUNTDOWN_MS,
  PUZZLE_RACE_MAX,
  PUZZLE_RACE_MS,
  type PuzzleRaceAnswer,
  type PuzzleRaceState,
} from '@scorpion/protocol';
import type { Move } from '@scorpion/rules';
import type { Clock } from '../clock.ts';
import { newRoomCode } from '../races/codes.ts';
import { type Answer, refuse } from '../refusal.ts';
import type { PuzzleRaceChange, PuzzleRaceRepo, PuzzleRaceRow } from '../repo/types.ts';
import type { Puzzle } from './catalogue.ts';
import { judgeMove } from './judge.ts';
import { phaseOf, raceView } from './race-view.ts';

/**
 * Puzzle races (issue #36, after lichess Racer): up to ten members who joined by a link race the
 * same puzzles, easy to hard, drawn as the creator starts (the rush's draw), for ninety seconds
 * of the server's clock after a short countdown. A solved puzzle scores one; a wrong move goes on
 * to the next puzzle and costs no time (the clock is the race's, shared by all). Moves are judged
 * as a rush's (`judge.ts`); no solution ever leaves. Everything lives in the database, and the
 * race's phase is read from its stored start and end, so any process of a cluster answers alike.
 */
export class PuzzleRaceService {
  private readonly repo: PuzzleRaceRepo;
  private readonly byId: ReadonlyMap<string, Puzzle>;
  /** A run of puzzles, easy to hard (the rush service's `newRun`). */
  private readonly newRun: () => string[];
  private readonly now: Clock;
  private readonly countdownMs: number;

  constructor(
    repo: PuzzleRaceRepo,
    puzzles: readonly Puzzle[],
    newRun: () => string[],
    now: Clock,
    countdownMs = PUZZLE_RACE_COUNTDOWN_MS,
  ) {
    this.repo = repo;
    this.byId = new Map(puzzles.map((puzzle) => [puzzle.id, puzzle]));
    this.newRun = newRun;
    this.now = now;
    this.countdownMs = countdownMs;
  }

  /** A new race in its lobby, the caller its creator and first member. */
  async create(playerId: string): Promise<Answer<PuzzleRaceState>> {
    if (this.byId.size === 0) return refuse('no-puzzles-left', 'There are no puzzles on this server.');
    const race = await this.stored(playerId);
    return this.state(race.code, playerId);
  }

  /** The race as the caller (undefined: a visitor) sees it now. */
  async state(code: string, playerId: string | undefined): Promise<Answer<PuzzleRaceState>> {
    const race = await this.repo.race(code);
    if (!race) return noSuchRace();
    return { ok: true, value: await this.view(race, playerId) };
  }

  /** Joins a race in its lobby; a member joining again changes nothing. */
  async join(code: string, playerId: string): Promise<Answer<PuzzleRaceState>> {
    const joined = await this.repo.join(code, playerId, this.now(), PUZZLE_RACE_MAX);
    if (joined === 'no-such-race') return noSuchRace();
    if (joined === 'started') return refuse('race-running', 'This puzzle race has started: join the next one.');
    if (joined === 'full') return refuse('room-full', `This puzzle race has its ${PUZZLE_RACE_MAX} members.`);
    return this.state(code, playerId);
  }

  /** The creator starts the race: its puzzles drawn now, a countdown, then its clock. */
  async start(code: string, playerId: string): Promise<Answer<PuzzleRaceState>> {
    const race = await this.repo.race(code);
    if (!race) return noSuchRace();
    if (race.creatorId !== playerId) return refuse('not-host', 'Only the one who made this race starts it.');
    const puzzleIds = this.newRun();
    if (puzzleIds.length === 0) return refuse('no-puzzles-left', 'There are no puzzles on this server.');
    const startsAt = this.now() + this.countdownMs;
    if (!(await this.repo.start(code, puzzleIds, startsAt, startsAt + PUZZLE_RACE_MS))) {
      return refuse('race-running', 'This puzzle race has started already.');
    }
    return this.state(code, playerId);
  }

  /**
   * Forgets the lobbies nobody started within a day of their making (a "race again" left
   * unused, a link never shared), so their codes and rows do not pile up; their link then
   * answers as any unknown code does.
   */
  sweepLobbies(): Promise<number> {
    return this.repo.sweepLobbies(this.now() - PUZZLE_RACE_LOBBY_MS);
  }

  /** A move in the caller's puzzle at `index`, `step` moves in: judged, and the caller moved on. */
  async move(
    code: string,
    playerId: string,
    index: number,
    step: number,
    move: Move,
  ): Promise<Answer<PuzzleRaceAnswer>> {
    const race = await this.repo.race(code);
    if (!race) return noSuchRace();
    const me = (await this.repo.members(code)).find((m) => m.playerId === playerId);
    if (!me) return refuse('not-in-room', 'You are not in this puzzle race.');
    const now = this.now();
    const phase = phaseOf(race, now);
    if (phase === 'lobby' || phase === 'countdown') return refuse('not-started', 'The puzzle race has not started.');
    if (phase === 'over' || me.at >= (race.puzzleIds?.length ?? 0)) {
      return refuse('game-over', 'This puzzle race is over for you.');
    }
    if (index !== me.at || step !== me.step) {
      return refuse(
        'stale',
        `That answers puzzle ${index + 1} move ${step + 1}; you are at puzzle ${me.at + 1} move ${me.step + 1}.`,
      );
    }
    const puzzle = this.byId.get(race.puzzleIds?.[me.at] ?? '');
    if (!puzzle) return refuse('no-such-puzzle', 'That puzzle is no longer on this server.');
    const judged = judgeMove(puzzle, step, move);
    if (!judged.ok) return judged;
    const { verdict } = judged.value;
    const change: PuzzleRaceChange =
      verdict === 'right'
        ? { at: me.at, step: step + 1, score: me.score, scoredAt: me.scoredAt }
        : verdict === 'solved'
          ? { at: me.at + 1, step: 0, score: me.score + 1, scoredAt: now }
          : { at: me.at + 1, step: 0, score: me.score, scoredAt: me.scoredAt };
    if (!(await this.repo.advance(code, playerId, me, change))) {
      return refuse('stale', 'That move was already answered.');
    }
    return { ok: true, value: { result: verdict, race: await this.view(race, playerId) } };
  }

  /** The creator's next race once this one is over: made once, the same one if asked again. */
  async again(code: string, playerId: string): Promise<Answer<PuzzleRaceState>> {
    const race = await this.repo.race(code);
    if (!race) return noSuchRace();
    if (race.creatorId !== playerId) return refuse('not-host', 'Only the one who made this race races again.');
    if (phaseOf(race, this.now()) !== 'over') return refuse('race-running', 'This puzzle race is not over yet.');
    if (race.next) return this.state(race.next, playerId);
    const next = await this.stored(playerId);
    if (await this.repo.setNext(code, next.code)) return this.state(next.code, playerId);
    // Asked twice at once: the other request's race is the next one (this one stays an empty lobby).
    const now = await this.repo.race(code);
    return this.state(now?.next ?? next.code, playerId);
  }

  private async view(race: PuzzleRaceRow, playerId: string | undefined): Promise<PuzzleRaceState> {
    const members = await this.repo.members(race.code);
    return raceView(race, members, playerId, this.now(), (id) => this.byId.get(id));
  }

  /** A new race under a fresh code (a code drawn may be taken: another is drawn). */
  private async stored(creatorId: string): Promise<PuzzleRaceRow> {
    for (;;) {
      const now = this.now();
      const race: PuzzleRaceRow = {
        code: newRoomCode(),
        creatorId,
        puzzleIds: null,
        createdAt: now,
        startsAt: null,
        endsAt: null,
        next: null,
      };
      if (await this.repo.create(race, now)) return race;
    }
  }
}

/** How long a lobby waits for its start before the sweep forgets it. */
export const PUZZLE_RACE_LOBBY_MS = 24 * 60 * 60_000;

function noSuchRace() {
  return refuse('no-such-room', 'There is no puzzle race with that code.');
}
