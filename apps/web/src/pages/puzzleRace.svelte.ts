import type { PuzzleRaceAnswer, PuzzleRaceState } from '@scorpion/protocol';
import { toGameState } from '@scorpion/protocol';
import { applyMove, type GameState, type IllegalReason, type Move } from '@scorpion/rules';
import { ApiFailure, api } from '../net/api.ts';

/** Makes a puzzle race, the player its creator: its code, or the error code of the refusal. */
export async function makePuzzleRace(
  fetch: typeof api = api,
): Promise<{ ok: true; code: string } | { ok: false; error: string }> {
  try {
    return { ok: true, code: (await fetch<PuzzleRaceState>('/api/puzzles/race', { method: 'POST' })).code };
  } catch (error) {
    return { ok: false, error: error instanceof ApiFailure ? error.code : 'internal' };
  }
}

/**
 * Makes a puzzle race and opens its lobby (`navigate`), as the puzzles page's button and a gone
 * race's page do: the error code of the refusal, or nothing once it is open.
 */
export async function openNewPuzzleRace(navigate: (path: string) => void): Promise<string | undefined> {
  const made = await makePuzzleRace();
  if (!made.ok) return made.error;
  navigate(`/puzzles/race/${made.code}`);
  return undefined;
}

/** `loading`: the first read; a race's own phase once read; `failed`: the server refused (`error` says why). */
export type PuzzleRaceStatus = 'loading' | PuzzleRaceState['status'] | 'failed';

/** A monotonic clock in milliseconds: the page's own, only to count down what the server said is left. */
export type Ticker = () => number;

/**
 * A puzzle race as its page plays it. The race lives on the server, which keeps its clock and
 * judges every move; the page reads it about once a second (`poll`: everyone's progress) and
 * counts down from the server's last word between reads. Opening a race's link joins it while it
 * is in its lobby. The board is replaced only when the server moves the player to another
 * position, so a read never disturbs a move being made.
 */
export class PuzzleRacePage {
  readonly code: string;
  race = $state.raw<PuzzleRaceState | undefined>();
  view = $state.raw<GameState | undefined>();
  /** A move sent, its answer awaited. */
  checking = $state(false);
  /** What the last answered move was: said until the next move. */
  said = $state<PuzzleRaceAnswer['result'] | undefined>();
  error = $state<string | undefined>();
  failed = $state(false);
  /** The ticker's last reading (`tick`). */
  now = $state(0);
  #startsAt = 0;
  #endsAt = 0;
  /** Moves sent so far: a read that started before the last one is stale when it lands. */
  #sent = 0;
  #reading = false;
  readonly #fetch: typeof api;
  readonly #ticker: Ticker;

  constructor(code: string, fetch: typeof api = api, ticker: Ticker = () => performance.now()) {
    this.code = code;
    this.#fetch = fetch;
    this.#ticker = ticker;
    this.now = ticker();
  }

  get status(): PuzzleRaceStatus {
    if (this.failed) return 'failed';
    return this.race?.status ?? 'loading';
  }

  get startsInMs(): number {
    return this.status === 'countdown' ? Math.max(0, this.#startsAt - this.now) : 0;
  }

  get remainingMs(): number {
    const { status } = this;
    return status === 'playing' || status === 'countdown' ? Math.max(0, this.#endsAt - this.now) : 0;
  }

  /** The race, joined if it is in its lobby and the player is not in it yet. */
  async load(): Promise<void> {
    await this.#ask(async () => {
      const race = await this.#fetch<PuzzleRaceState>(this.#path());
      const join = race.status === 'lobby' && !race.member;
      this.#apply(join ? await this.#fetch<PuzzleRaceState>(this.#path('/join'), { method: 'POST' }) : race);
    });
  }

  /** The race as the server has it now (everyone's progress); skipped while a read is under way. */
  async poll(): Promise<void> {
    if (this.#reading || this.failed) return;
    this.#reading = true;
    // A read begun with a move in flight, or before one, may land after the move's answer: the move's knows better.
    const sent = this.#sent;
    const inFlight = this.checking;
    try {
      const race = await this.#fetch<PuzzleRaceState>(this.#path());
      if (!inFlight && sent === this.#sent && !this.checking) this.#apply(race);
    } catch {
      // A missed read is made good by the next one, a second later.
    } finally {
      this.#reading = false;
    }
  }

  /** Reads the ticker; at the countdown's or the clock's end, asks the server at once. */
  tick(): void {
    this.now = this.#ticker();
    const { status } = this;
    if ((status === 'countdown' && this.startsInMs === 0) || (status === 'playing' && this.remainingMs === 0)) {
      void this.poll();
    }
  }

  async start(): Promise<void> {
    await this.#ask(async () =>
      this.#apply(await this.#fetch<PuzzleRaceState>(this.#path('/start'), { method: 'POST' })),
    );
  }

  /** The creator's next race (made once); its code, for the page to go to. */
  async again(): Promise<string | undefined> {
    try {
      const next = await this.#fetch<PuzzleRaceState>(this.#path('/again'), { method: 'POST' });
      return next.code;
    } catch (error) {
      this.#failed(error);
      return undefined;
    }
  }

  /** Plays `move` on the board at once and sends it; the rules' reason when it is illegal. */
  play(move: Move): IllegalReason | undefined {
    const puzzle = this.race?.puzzle;
    const { view } = this;
    if (!puzzle || !view || this.status !== 'playing' || this.checking) return 'game-over';
    const played = applyMove(view, move);
    if (!played.ok) return played.reason;
    this.view = played.state;
    this.checking = true;
    this.said = undefined;
    this.error = undefined;
    this.#sent++;
    void this.#send(puzzle.index, puzzle.step, view, move);
    return undefined;
  }

  async #send(index: number, step: number, before: GameState, move: Move): Promise<void> {
    try {
      const answer = await this.#fetch<PuzzleRaceAnswer>(this.#path('/move'), {
        method: 'POST',
        body: { index, step, move },
      });
      this.said = answer.result;
      this.checking = false;
      this.#apply(answer.race, true);
    } catch (error) {
      // Refused: nothing changed on the server, so the position goes back to what it was.
      this.view = before;
      this.checking = false;
      this.#failed(error);
      if (this.error === 'game-over' || this.error === 'stale') await this.poll();
    }
  }

  /** Takes the server's race; the board moves only to another puzzle or step (or after a move: `moved`). */
  #apply(race: PuzzleRaceState, moved = false): void {
    const was = this.race?.puzzle;
    this.race = race;
    this.now = this.#ticker();
    this.#startsAt = this.now + race.startsInMs;
    this.#endsAt = this.now + race.remainingMs;
    const { puzzle } = race;
    if (!puzzle) this.view = undefined;
    else if (moved || !this.view || was?.index !== puzzle.index || was.step !== puzzle.step) {
      this.view = toGameState(puzzle.view);
    }
  }

  #path(tail = ''): string {
    return `/api/puzzles/race/${this.code}${tail}`;
  }

  async #ask(work: () => Promise<void>): Promise<void> {
    try {
      this.error = undefined;
      await work();
    } catch (error) {
      this.#failed(error);
      this.failed = this.race === undefined;
    }
  }

  #failed(error: unknown): void {
    this.error = error instanceof ApiFailure ? error.code : 'internal';
  }
}
