import type { RushAnswer, RushBoard, RushHome, RushOver, RushPlaying, RushRun } from '@scorpion/protocol';
import { toGameState } from '@scorpion/protocol';
import { applyMove, type GameState, type IllegalReason, type Move } from '@scorpion/rules';
import { ApiFailure, api } from '../net/api.ts';

/**
 * `loading`: asking for the player's best and run in play; `ready`: no run, Start to begin;
 * `playing`: the player's move; `checking`: a move sent, its answer awaited; `over`: the run's
 * result; `failed`: the server refused (`error` says why).
 */
export type RushStatus = 'loading' | 'ready' | 'playing' | 'checking' | 'over' | 'failed';

/** A monotonic clock in milliseconds: the page's own, only to count down what the server said is left. */
export type Ticker = () => number;

/**
 * A puzzle rush as its page plays it. The server keeps the clock and judges every move; the page
 * counts the time left down from the server's last word, and asks the server again when it reads
 * zero (the server says whether the run is over). Right moves are known here only from the
 * finished run's mistakes.
 */
export class PuzzleRushPage {
  status = $state<RushStatus>('loading');
  best = $state<number | null>(null);
  run = $state.raw<RushPlaying | undefined>();
  view = $state.raw<GameState | undefined>();
  result = $state.raw<RushOver | undefined>();
  /** What the last answered move was: said until the next move. */
  said = $state<RushAnswer['result'] | undefined>();
  error = $state<string | undefined>();
  /** Today's best rushes, read before a run and after one (never while one is played). */
  board = $state.raw<RushBoard | undefined>();
  /** The ticker's reading when the time left is up, from the server's last `remainingMs`. */
  #deadline = 0;
  /** The ticker's last reading (`tick`): what the time left is read against. */
  now = $state(0);
  readonly #fetch: typeof api;
  readonly #ticker: Ticker;
  #asking = false;

  constructor(fetch: typeof api = api, ticker: Ticker = () => performance.now()) {
    this.#fetch = fetch;
    this.#ticker = ticker;
    this.now = ticker();
  }

  get remainingMs(): number {
    return this.run ? Math.max(0, this.#deadline - this.now) : 0;
  }

  /** The player's best and their run in play, if any (a reload carries on with it). */
  async load(): Promise<void> {
    await this.#ask(async () => {
      const home = await this.#fetch<RushHome>('/api/puzzles/rush');
      this.best = home.best;
      if (home.playing) this.#show(home.playing);
      else this.status = 'ready';
    });
    if (this.status === 'ready') await this.loadBoard();
  }

  /** Today's board; left as it was if it cannot be read (it is not the page's purpose). */
  async loadBoard(): Promise<void> {
    try {
      this.board = await this.#fetch<RushBoard>('/api/puzzles/rush/board');
    } catch {
      // The board is a side panel: a failed read leaves the last one shown.
    }
  }

  async start(): Promise<void> {
    this.result = undefined;
    this.said = undefined;
    this.status = 'loading';
    await this.#ask(async () => this.#show(await this.#fetch<RushPlaying>('/api/puzzles/rush', { method: 'POST' })));
  }

  /** Reads the ticker; at zero, asks the server whether the run is over. */
  tick(): void {
    this.now = this.#ticker();
    if (this.run && this.status === 'playing' && this.remainingMs === 0) void this.refresh();
  }

  /** The run as the server has it now. */
  async refresh(): Promise<void> {
    const { run } = this;
    if (!run || this.#asking) return;
    this.#asking = true;
    try {
      await this.#ask(async () => this.#apply(await this.#fetch<RushRun>(`/api/puzzles/rush/${run.runId}`)));
    } finally {
      this.#asking = false;
    }
  }

  /** Plays `move` on the board at once and sends it; the rules' reason when it is illegal. */
  play(move: Move): IllegalReason | undefined {
    const { run, view } = this;
    if (!run || !view || this.status !== 'playing') return 'game-over';
    const played = applyMove(view, move);
    if (!played.ok) return played.reason;
    this.view = played.state;
    this.status = 'checking';
    this.said = undefined;
    this.error = undefined;
    void this.#send(run, view, move);
    return undefined;
  }

  async #send(run: RushPlaying, before: GameState, move: Move): Promise<void> {
    try {
      const answer = await this.#fetch<RushAnswer>(`/api/puzzles/rush/${run.runId}/move`, {
        method: 'POST',
        body: { index: run.index, step: run.step, move },
      });
      this.said = answer.result;
      this.#apply(answer.run);
    } catch (error) {
      // Refused: nothing changed on the server, so the position goes back to what it was.
      this.view = before;
      this.status = 'playing';
      this.#failed(error);
      // Over (its clock ran out before the move came) or moved on elsewhere: the server's run shows which.
      if (this.error === 'game-over' || this.error === 'stale') await this.refresh();
    }
  }

  #apply(run: RushRun): void {
    if (run.status === 'over') {
      this.result = run;
      this.best = run.best;
      this.status = 'over';
      void this.loadBoard();
      return;
    }
    this.#show(run);
  }

  #show(run: RushPlaying): void {
    this.run = run;
    this.view = toGameState(run.view);
    this.best = run.best;
    this.now = this.#ticker();
    this.#deadline = this.now + run.remainingMs;
    this.status = 'playing';
  }

  async #ask(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.#failed(error);
      this.status = 'failed';
    }
  }

  #failed(error: unknown): void {
    this.error = error instanceof ApiFailure ? error.code : 'internal';
  }
}
