import type { PuzzleAnswer, PuzzleView } from '@scorpion/protocol';
import type { Move } from '@scorpion/rules';
import type { Clock } from '../clock.ts';
import { newId } from '../identity/token.ts';
import { type Answer, refuse } from '../refusal.ts';
import type { PuzzleAttemptEnd, PuzzleAttemptRow, PuzzleSkill, PuzzlesRepo } from '../repo/types.ts';
import { gate } from '../secrecy.ts';
import type { Puzzle } from './catalogue.ts';
import { judgeMove, positionAt } from './judge.ts';
import { NEW_PLAYER, ratePuzzle, shown, startingRating } from './rating.ts';

/** How many of the unplayed puzzles nearest the player's rating the next one is drawn from. */
export const NEAREST = 12;

/**
 * Rated puzzles: gives a player a puzzle near their rating, judges each move against its forced
 * line and rates the result. The line never leaves here before the attempt is over: an answer
 * in play carries the position after the right move only.
 */
export class PuzzleService {
  private readonly byId: ReadonlyMap<string, Puzzle>;
  /** Ratings that have moved from their start, kept as this process rates (read at `load`). */
  private moved = new Map<string, PuzzleSkill>();
  private readonly repo: PuzzlesRepo;
  private readonly puzzles: readonly Puzzle[];
  private readonly now: Clock;
  /** Draws among the nearest puzzles; tests pass a fixed one. */
  private readonly random: () => number;

  constructor(repo: PuzzlesRepo, puzzles: readonly Puzzle[], now: Clock, random: () => number = Math.random) {
    this.repo = repo;
    this.puzzles = puzzles;
    this.now = now;
    this.random = random;
    this.byId = new Map(puzzles.map((puzzle) => [puzzle.id, puzzle]));
  }

  get size(): number {
    return this.puzzles.length;
  }

  async load(): Promise<void> {
    this.moved = await this.repo.puzzleRatings();
  }

  ratingOf(puzzle: Puzzle): PuzzleSkill {
    return this.moved.get(puzzle.id) ?? startingRating(puzzle);
  }

  /** The player's open puzzle where they left it, or a new one near their rating. */
  async next(playerId: string): Promise<Answer<PuzzleView>> {
    const open = await this.repo.openAttempt(playerId);
    const player = (await this.repo.playerRating(playerId)) ?? NEW_PLAYER;
    const openPuzzle = open && this.byId.get(open.puzzleId);
    if (open && openPuzzle) return { ok: true, value: this.viewOf(open, openPuzzle, player) };
    const played = await this.repo.playedIds(playerId);
    const nearest = this.puzzles
      .filter((puzzle) => !played.has(puzzle.id))
      .map((puzzle) => ({ puzzle, distance: Math.abs(this.ratingOf(puzzle).mu - player.mu) }))
      .sort((a, b) => a.distance - b.distance || (a.puzzle.id < b.puzzle.id ? -1 : 1))
      .slice(0, NEAREST);
    if (nearest.length === 0) return refuse('no-puzzles-left', 'You have played every puzzle there is.');
    const puzzle = nearest[Math.min(nearest.length - 1, Math.floor(this.random() * nearest.length))]!.puzzle;
    const attempt: PuzzleAttemptRow = {
      id: newId(),
      playerId,
      puzzleId: puzzle.id,
      step: 0,
      status: 'open',
      startedAt: this.now(),
      endedAt: null,
    };
    // Another tab began this very puzzle a moment ago: its attempt is the one to show.
    if (!(await this.repo.start(attempt))) return this.next(playerId);
    return { ok: true, value: this.viewOf(attempt, puzzle, player) };
  }

  /** A move at `step` of the player's open attempt: the next position, solved, or wrong. */
  async move(playerId: string, attemptId: string, step: number, move: Move): Promise<Answer<PuzzleAnswer>> {
    const found = await this.openOf(playerId, attemptId);
    if (!found.ok) return found;
    const { attempt, puzzle } = found.value;
    if (step !== attempt.step)
      return refuse('stale', `That answers move ${step + 1}; the puzzle is at move ${attempt.step + 1}.`);
    const judged = judgeMove(puzzle, step, move);
    if (!judged.ok) return judged;
    const { value } = judged;
    if (value.verdict !== 'right')
      return this.finish(attempt, puzzle, value.verdict === 'solved' ? 'solved' : 'failed');
    if (!(await this.repo.advance(attempt.id, step))) return refuse('stale', 'That move was already answered.');
    return { ok: true, value: { result: 'continue', view: gate.position(value.after), step: step + 1 } };
  }

  async giveUp(playerId: string, attemptId: string): Promise<Answer<PuzzleAnswer>> {
    const found = await this.openOf(playerId, attemptId);
    if (!found.ok) return found;
    return this.finish(found.value.attempt, found.value.puzzle, 'gave-up');
  }

  private async openOf(
    playerId: string,
    attemptId: string,
  ): Promise<Answer<{ attempt: PuzzleAttemptRow; puzzle: Puzzle }>> {
    const attempt = await this.repo.attempt(attemptId);
    const puzzle = attempt && this.byId.get(attempt.puzzleId);
    if (!attempt || !puzzle || attempt.playerId !== playerId || attempt.status !== 'open') {
      return refuse('no-such-puzzle', 'That is not a puzzle you have open.');
    }
    return { ok: true, value: { attempt, puzzle } };
  }

  private async finish(
    attempt: PuzzleAttemptRow,
    puzzle: Puzzle,
    status: PuzzleAttemptEnd,
  ): Promise<Answer<PuzzleAnswer>> {
    const player = (await this.repo.playerRating(attempt.playerId)) ?? NEW_PLAYER;
    const rated = ratePuzzle(player, this.ratingOf(puzzle), status === 'solved');
    if (!(await this.repo.finish(attempt, attempt.step, status, this.now(), rated))) {
      return refuse('stale', 'That move was already answered.');
    }
    this.moved.set(puzzle.id, rated.puzzle);
    const rating = { before: shown(player), after: { rating: shown(rated.player), games: rated.player.games } };
    const common = { solution: [...puzzle.solution], rating, puzzleRating: shown(rated.puzzle) };
    if (status === 'solved') {
      return {
        ok: true,
        value: { result: 'solved', view: gate.position(positionAt(puzzle, puzzle.solution.length)), ...common },
      };
    }
    return { ok: true, value: { result: status === 'failed' ? 'wrong' : 'gave-up', ...common } };
  }

  private viewOf(attempt: PuzzleAttemptRow, puzzle: Puzzle, player: PuzzleSkill): PuzzleView {
    return {
      attemptId: attempt.id,
      puzzleId: puzzle.id,
      view: gate.position(positionAt(puzzle, attempt.step)),
      step: attempt.step,
      steps: puzzle.solution.length,
      puzzleRating: shown(this.ratingOf(puzzle)),
      playerRating: { rating: shown(player), games: player.games },
    };
  }
}
