import type { PuzzleAnswer, PuzzleRatingChange, PuzzleView } from '@scorpion/protocol';
import { toGameState } from '@scorpion/protocol';
import { applyMove, type GameState, type IllegalReason, type Move } from '@scorpion/rules';
import { ApiFailure, api } from '../net/api.ts';

/**
 * `loading`: asking for a puzzle; `playing`: the player's move; `checking`: a move sent, its
 * answer awaited; `solved`, `wrong`, `gave-up`: over, with the rating's change; `failed`: the
 * server refused (`error` says why), for a next puzzle to be asked.
 */
export type PuzzleStatus = 'loading' | 'playing' | 'checking' | 'solved' | 'wrong' | 'gave-up' | 'failed';

/**
 * One puzzle at a time, as the server gives and judges it: a move is shown at once, then the
 * server's answer replaces it (the next position, or the puzzle over). The solution is known here
 * only once the server sends it with the result.
 */
export class PuzzlesPage {
  puzzle = $state.raw<PuzzleView | undefined>();
  view = $state.raw<GameState | undefined>();
  step = $state(0);
  status = $state<PuzzleStatus>('loading');
  /** The error code of the last refusal (a move refused, or no puzzle to be had). */
  error = $state<string | undefined>();
  /** A right move that did not end the puzzle: said until the next move. */
  right = $state(false);
  rating = $state.raw<PuzzleRatingChange | undefined>();
  puzzleRating = $state<number | undefined>();
  /** The right move of the position shown, once the puzzle is over and not solved. */
  answerMove = $state.raw<Move | undefined>();
  readonly #fetch: typeof api;

  constructor(fetch: typeof api = api) {
    this.#fetch = fetch;
  }

  get over(): boolean {
    return this.status === 'solved' || this.status === 'wrong' || this.status === 'gave-up';
  }

  async next(): Promise<void> {
    this.status = 'loading';
    this.error = undefined;
    this.rating = undefined;
    this.answerMove = undefined;
    this.right = false;
    try {
      const puzzle = await this.#fetch<PuzzleView>('/api/puzzles/next');
      this.puzzle = puzzle;
      this.view = toGameState(puzzle.view);
      this.step = puzzle.step;
      this.puzzleRating = puzzle.puzzleRating;
      this.status = 'playing';
    } catch (error) {
      this.#failed(error);
      this.status = 'failed';
    }
  }

  /** Plays `move` on the board at once and sends it; the rules' reason when it is illegal. */
  play(move: Move): IllegalReason | undefined {
    const { puzzle, view } = this;
    if (!puzzle || !view || this.status !== 'playing') return 'game-over';
    const played = applyMove(view, move);
    if (!played.ok) return played.reason;
    this.view = played.state;
    this.status = 'checking';
    this.right = false;
    this.error = undefined;
    void this.#send(view, `/api/puzzles/attempts/${puzzle.attemptId}/move`, { step: this.step, move });
    return undefined;
  }

  async giveUp(): Promise<void> {
    const { puzzle, view } = this;
    if (!puzzle || !view || this.status !== 'playing') return;
    this.status = 'checking';
    await this.#send(view, `/api/puzzles/attempts/${puzzle.attemptId}/give-up`);
  }

  async #send(before: GameState, path: string, body?: unknown): Promise<void> {
    try {
      const answer = await this.#fetch<PuzzleAnswer>(path, { method: 'POST', body });
      this.#answered(answer, before);
    } catch (error) {
      // Refused: nothing changed on the server, so the position goes back to what it was.
      this.view = before;
      this.#failed(error);
      this.status = this.error === 'no-such-puzzle' ? 'failed' : 'playing';
    }
  }

  #answered(answer: PuzzleAnswer, before: GameState): void {
    if (answer.result === 'continue') {
      this.view = toGameState(answer.view);
      this.step = answer.step;
      this.right = true;
      this.status = 'playing';
      return;
    }
    this.rating = answer.rating;
    this.puzzleRating = answer.puzzleRating;
    if (answer.result === 'solved') {
      this.view = toGameState(answer.view);
      this.step = answer.solution.length;
      this.status = 'solved';
      return;
    }
    // Back to the position the wrong move was played from, with the move that was right there.
    this.view = before;
    this.answerMove = answer.solution[this.step];
    this.status = answer.result;
  }

  #failed(error: unknown): void {
    this.error = error instanceof ApiFailure ? error.code : 'internal';
  }
}
