import type { ChallengeInfo, ChallengeOriginal, GhostProgress, PublicGame } from '@scorpion/protocol';
import { OnlineGame } from '../game/onlineGame.svelte.ts';
import { api } from '../net/api.ts';
import { Client, type Link } from '../net/connection.svelte.ts';
import type { Session } from '../net/session.svelte.ts';
import { m } from '../paraglide/messages.js';
import { failureWords } from '../ui/failureWords.ts';

/** How the page asks the server's REST side (tests hand in their own). */
export type Fetch = <T>(path: string) => Promise<T>;

export interface ChallengeOptions {
  readonly code: string;
  readonly session: Pick<Session, 'ensurePlayer'>;
  readonly fetch?: Fetch;
}

/**
 * A challenge link's page: what the challenge is, the challenger's game against its ghost, and
 * once the game is over both games move by move. Play asks for the game (`challenge-start`) until
 * it comes, across reconnections; a refusal is that request's own answer.
 */
export class ChallengePage {
  #info = $state.raw<ChallengeInfo>();
  #game = $state.raw<OnlineGame>();
  #ghost = $state.raw<GhostProgress>();
  #failure = $state('');
  /** Play was pressed (or a game on this link is under way): asked for until it comes. */
  #playing = $state(false);
  #compared = $state.raw<{ mine: PublicGame; theirs: PublicGame }>();
  readonly #client: Client;
  readonly #code: string;
  readonly #session: Pick<Session, 'ensurePlayer'>;
  readonly #fetch: Fetch;

  constructor(link: Link, options: ChallengeOptions) {
    this.#client = new Client(link);
    this.#code = options.code;
    this.#session = options.session;
    this.#fetch = options.fetch ?? api;
    this.#client.on('game', (m) => {
      if (m.game.kind === 'challenge' && !this.#game && this.#playing) this.#game = new OnlineGame(link, m.game);
    });
    this.#client.on('ghost', (m) => {
      if (m.code === this.#code && (!this.#game || m.gameId === this.#game.id)) this.#ghost = m;
    });
    this.#fetch<ChallengeInfo>(`/api/challenges/${encodeURIComponent(this.#code)}`).then(
      (info) => {
        this.#info = info;
        // A game on this link still in play: back to it at once (or when the socket is up).
        if (info.mine.some((g) => g.status === 'playing')) this.#start();
      },
      (e: unknown) => this.#fail(e),
    );
  }

  get info() {
    return this.#info;
  }
  get game() {
    return this.#game;
  }
  get ghost() {
    return this.#ghost;
  }
  get failure() {
    return this.#failure;
  }
  get playing() {
    return this.#playing;
  }
  get compared() {
    return this.#compared;
  }

  async play() {
    this.#failure = '';
    if (!(await this.#session.ensurePlayer())) return;
    this.#start();
  }

  /** The same cards again, beside the same ghost: a new game on this link. */
  again() {
    this.#game?.dispose();
    this.#game = undefined;
    this.#ghost = undefined;
    this.#compared = undefined;
    void this.play();
  }

  /** Once the game is over both are public to this player: fetched to be compared move by move. */
  compare() {
    const game = this.#game;
    if (!game?.over || this.#compared) return;
    const code = encodeURIComponent(this.#code);
    Promise.all([
      this.#fetch<PublicGame>(`/api/games/${encodeURIComponent(game.id)}`),
      this.#fetch<ChallengeOriginal>(`/api/challenges/${code}/original`),
    ]).then(
      ([mine, original]) => (this.#compared = { mine, theirs: original.game }),
      (e: unknown) => this.#fail(e),
    );
  }

  dispose() {
    this.#client.dispose();
    this.#game?.dispose();
  }

  /** The game comes in the answer (and, once here, back by its own resume after a reconnection). */
  #start() {
    this.#playing = true;
    void this.#client.request({ type: 'challenge-start', code: this.#code }, true).then((answer) => {
      if (answer.ok || answer.refusal.type !== 'error') return;
      this.#playing = false;
      this.#fail(answer.refusal);
    });
  }

  /** A refusal in the words of its error code; no answer at all, as unreachable. */
  #fail(error: unknown) {
    void failureWords(error, m.challenge_unreachable()).then((text) => (this.#failure = text));
  }
}
