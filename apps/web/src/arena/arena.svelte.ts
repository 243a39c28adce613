import type { ArenaHistory, ArenaOver, ArenaPage, ArenaRow, ArenaStandings, GameSnapshot } from '@scorpion/protocol';
import { OnlineGame } from '../game/onlineGame.svelte.ts';
import { ApiFailure, api } from '../net/api.ts';
import { type Answer, Client, type Link } from '../net/connection.svelte.ts';
import type { Session } from '../net/session.svelte.ts';
import { m } from '../paraglide/messages.js';
import type { Fetcher } from './schedule.svelte.ts';
import { refusalText } from './text.ts';

/** What the arena's page needs of the session. */
export type ArenaSession = Pick<Session, 'player' | 'guest' | 'ensurePlayer'>;

export interface ArenaRoomOptions {
  readonly id: string;
  readonly session: ArenaSession;
  readonly fetcher?: Fetcher;
}

/** Where the arena is by the server's clock, and by what the server has said of its end. */
export type ArenaPhase = 'upcoming' | 'running' | 'ending' | 'finished';

/**
 * One arena as a player sees it: its page (`GET /api/arenas/:id`), the live table while they are
 * in it (`arena-standings`), their deal in play (an `OnlineGame`, dealt by `arena-next`), and its
 * end (`arena-over`). Joining is explicit (a visitor who only looks is not a player), except for
 * a player whose history already holds the arena: they come back into it on arrival.
 */
export class ArenaRoom {
  #page = $state.raw<ArenaPage>();
  #standings = $state.raw<ArenaStandings>();
  #over = $state.raw<ArenaOver>();
  #game = $state.raw<OnlineGame>();
  /** The deal number of `#game`, and whether it is played berserk, as its snapshot says (a reload too). */
  #gameDeal = $state<number | undefined>();
  #gameBerserk = $state(false);
  /** In the arena: joined on this page, or found in the player's history and joined again. */
  #joined = $state(false);
  #joining = $state(false);
  #dealing = $state(false);
  #failure = $state('');
  #missing = $state(false);
  /** Berserk for the next deal, as the player ticks it; cleared once that deal is dealt. */
  berserk = $state(false);
  readonly #client: Client;
  readonly #link: Link;
  readonly #options: ArenaRoomOptions;
  readonly #fetch: Fetcher;

  constructor(link: Link, options: ArenaRoomOptions) {
    this.#link = link;
    this.#client = new Client(link);
    this.#options = options;
    this.#fetch = options.fetcher ?? api;
    const client = this.#client;
    client.on('arena-standings', (m) => {
      if (m.arenaId !== this.id) return;
      this.#standings = m;
      if (m.status === 'finished') void this.load();
    });
    client.on('arena-over', (m) => {
      if (m.arenaId !== this.id) return;
      this.#over = m;
      // The deals and every game are public now: the page's podium and table come from storage.
      void this.load();
    });
    // A deal in play comes back as its game after a join (a second tab, a reload).
    client.on('game', (m) => {
      if (this.#joined && m.game.kind === 'arena' && m.game.gameId !== this.#game?.id) this.#adopt(m.game);
    });
    // Every (re)connection: back into the arena, whose table the new socket is sent again.
    client.onReady(() => {
      if (this.#joined) void this.#sendJoin();
    });
  }

  get id() {
    return this.#options.id;
  }
  get page() {
    return this.#page;
  }
  get arena() {
    return this.#page?.arena;
  }
  get standings() {
    return this.#standings;
  }
  get over() {
    return this.#over;
  }
  get game() {
    return this.#game;
  }
  /** A deal that came back (a reload) is the one the table's row names: in play, or just finished. */
  get gameDeal(): number {
    return this.#gameDeal ?? this.#standings?.me?.deal ?? 0;
  }
  get gameBerserk() {
    return this.#gameBerserk;
  }
  get joined() {
    return this.#joined;
  }
  get joining() {
    return this.#joining;
  }
  get dealing() {
    return this.#dealing;
  }
  get failure() {
    return this.#failure;
  }
  /** No arena has this id. */
  get missing() {
    return this.#missing;
  }
  get me(): string | undefined {
    return this.#options.session.player?.id;
  }
  /** The player's own row in the live table. */
  get mine(): ArenaRow | null {
    return this.#over?.me ?? this.#standings?.me ?? null;
  }

  serverNow(): number {
    return this.#client.serverNow();
  }

  phase(now: number): ArenaPhase {
    const arena = this.arena;
    if (!arena) return 'upcoming';
    if (this.#over || arena.status === 'finished' || this.#standings?.status === 'finished') return 'finished';
    if (now < arena.startsAt) return 'upcoming';
    return now < arena.endsAt ? 'running' : 'ending';
  }

  /**
   * The deal to ask for next: the one in play again (a resend gets it back), else the one after
   * the last finished, by the table's row or this page's game, whichever is further on.
   */
  get nextDeal(): number {
    const row = this.#standings?.me;
    const byRow = row ? (row.playing ? row.deal : row.deal + 1) : 1;
    const game = this.#game;
    const byGame = game ? (game.over ? this.gameDeal + 1 : this.gameDeal) : 1;
    return Math.max(byRow, byGame);
  }

  /** The deal on the board is being played now. */
  get playing(): boolean {
    return this.#game !== undefined && !this.#game.over;
  }

  /** The arena's page, and whether this player is in it already (then they are joined again). */
  async load(): Promise<void> {
    try {
      this.#page = await this.#fetch<ArenaPage>(`/api/arenas/${this.id}`);
    } catch (e) {
      if (e instanceof ApiFailure && (e.code === 'no-such-arena' || e.code === 'not-found')) this.#missing = true;
      else this.#failure = e instanceof ApiFailure ? refusalText(e.code, e.message) : String(e);
      return;
    }
    const player = this.#options.session.player;
    if (this.#joined || !player || this.#options.session.guest || this.#page.arena.status === 'finished') return;
    const history = await this.#fetch<ArenaHistory>(`/api/players/${encodeURIComponent(player.nickname)}/arenas`).catch(
      () => undefined,
    );
    if (history?.arenas.some((entry) => entry.arena.id === this.id)) await this.join();
  }

  /** Joins (a name is asked for first when there is none), and the live table comes. */
  async join(): Promise<void> {
    this.#failure = '';
    const session = this.#options.session;
    if (!session.player || session.guest) {
      if (!(await session.ensurePlayer())) return;
    }
    this.#joining = true;
    await this.#sendJoin();
  }

  /** Deals the next deal, berserk or not as ticked. */
  async next(): Promise<void> {
    this.#failure = '';
    if (!this.#client.online) {
      this.#failure = m.arena_offline();
      return;
    }
    const deal = this.nextDeal;
    const berserk = this.berserk;
    this.#dealing = true;
    const answer = await this.#client.request({ type: 'arena-next', arenaId: this.id, deal, berserk });
    this.#dealing = false;
    if (answer.ok && answer.frame.type === 'game') this.#adopt(answer.frame.game);
    this.#refused(answer);
  }

  dispose(): void {
    if (this.#joined) this.#client.send({ type: 'arena-leave', arenaId: this.id });
    this.#client.dispose();
    this.#game?.dispose();
  }

  async #sendJoin(): Promise<void> {
    const answer = await this.#client.request({ type: 'arena-join', arenaId: this.id }, true);
    this.#joining = false;
    if (answer.ok) {
      this.#joined = true;
      if (answer.frame.type === 'arena-standings') this.#standings = answer.frame;
      else if (answer.frame.type === 'game') this.#adopt(answer.frame.game);
      return;
    }
    this.#joined = false;
    this.#refused(answer);
  }

  /** The game of a deal: the one asked for, or one that came back (a second tab, a reload). */
  #adopt(game: GameSnapshot) {
    if (game.gameId === this.#game?.id) return;
    this.#game?.dispose();
    this.#game = new OnlineGame(this.#link, game);
    this.#gameDeal = game.arena?.deal;
    this.#gameBerserk = game.arena?.berserk ?? false;
    this.berserk = false;
  }

  #refused(answer: Answer) {
    if (answer.ok) return;
    const refusal = answer.refusal;
    this.#failure = refusal.type === 'error' ? refusalText(refusal.code, refusal.message) : m.arena_offline();
    if (refusal.type === 'error' && refusal.code === 'arena-finished') void this.load();
  }
}
