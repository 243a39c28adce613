import type { DailyBoard, DailyInfo, DailyStanding, DailyTimes } from '@scorpion/protocol';
import { VARIANTS } from '@scorpion/rules';
import { OnlineGame } from '../game/onlineGame.svelte.ts';
import { dailyName } from '../lib/format.ts';
import { failureText } from '../lib/i18n/failure.ts';
import { api } from '../net/api.ts';
import { Client, type Link } from '../net/connection.svelte.ts';
import type { Session } from '../net/session.svelte.ts';
import { m } from '../paraglide/messages.js';
import type { DailyOutcome } from '../ui/DailyResult.svelte';

/** What the daily's page needs of the session. */
export type DailySession = Pick<Session, 'player' | 'offline' | 'known' | 'startAsGuest'>;

/** How the page asks the server's REST side (tests hand in their own). */
export type Fetch = <T>(path: string) => Promise<T>;

/**
 * The daily's page: today's deal, the player's attempt at it, and the result once there is one
 * (today's own result first, when the player comes back after finishing). The deal is never
 * asked for on arrival, only on Start, or to resume an attempt whose clock is already running.
 */
export class DailyPage {
  #info = $state.raw<DailyInfo>();
  #game = $state.raw<OnlineGame>();
  #leaderboard = $state.raw<DailyBoard>();
  #times = $state.raw<DailyTimes>();
  #failure = $state('');
  /** Today's result of ours, when the player comes back after finishing: shown instead of a new deal. */
  #earlier = $state.raw<DailyOutcome>();
  /** The board has no result of ours: the page may offer Start (or resume an attempt under way). */
  #noResult = $state(false);
  /** The socket said whether an attempt is under way (none: Start is offered). */
  #noAttempt = $state(false);
  /** Start was pressed: the deal is asked for as soon as there is a player and a socket. */
  #starting = $state(false);
  /** The game on the page was dealt on Start (not resumed on arrival): its board takes the focus. */
  #dealtOnStart = $state(false);
  /** This player's ranked result of today if it was flagged off the board. */
  #standing = $state.raw<DailyStanding>();
  /** Asked again as the attempt goes on; answers can cross, so only the last one asked is kept. */
  #standingAsked = 0;
  readonly #resultShown: Promise<boolean>;
  readonly #firstStanding: Promise<DailyStanding | undefined>;
  readonly #client: Client;
  readonly #session: DailySession;
  readonly #fetch: Fetch;

  constructor(link: Link, session: DailySession, fetch: Fetch = api) {
    this.#client = new Client(link);
    this.#session = session;
    this.#fetch = fetch;
    /** A guest has no standing, and is not asked for one. */
    this.#firstStanding = session.known().then((player) => (player ? this.#loadStanding() : undefined));
    // Asked at once, in parallel with the socket, so that deciding what to show costs no extra trip.
    // Only `me` (rank) and the counts are read: the histogram has its own endpoint over every winner.
    this.#resultShown = fetch<DailyBoard>('/api/leaderboards/daily?pageSize=1').then(
      async (board) => {
        const outcome = await this.#todaysResult(board);
        if (!outcome) {
          this.#noResult = true;
          return false;
        }
        this.#leaderboard = board;
        this.#loadTimes(board.date);
        this.#earlier = outcome;
        return true;
      },
      () => {
        this.#noResult = true;
        return false;
      },
    );
    fetch<DailyInfo>('/api/daily').then(
      (i) => (this.#info = i),
      // A server's refusal (the solver being down passes: trying again helps) is worded by its code.
      (e) => void failureText(e, m.daily_unreachable()).then((text) => (this.#failure = text)),
    );
    this.#client.on('game', (m) => {
      if (m.game.kind !== 'daily' || this.#game) return;
      this.#dealtOnStart = this.#starting;
      this.#game = new OnlineGame(link, m.game);
      this.#starting = false;
    });
    // A reconnection gives back the same game; a join not answered yet goes again by itself.
    this.#client.onReady(() => {
      if (this.#game || this.#starting) return;
      if (!this.#client.welcome?.games.some((g) => g.kind === 'daily')) {
        this.#noAttempt = true;
        return;
      }
      // An attempt under way: resumed, unless today's result of ours is already in (it shows first).
      this.#resultShown.then((shown) => void (shown || this.#join()));
    });
  }

  get info() {
    return this.#info;
  }
  get game() {
    return this.#game;
  }
  get leaderboard() {
    return this.#leaderboard;
  }
  get times() {
    return this.#times;
  }
  get failure() {
    return this.#failure;
  }
  get earlier() {
    return this.#earlier;
  }
  get starting() {
    return this.#starting;
  }
  get dealtOnStart() {
    return this.#dealtOnStart;
  }

  get heading(): string {
    const day = this.#game?.snapshot.daily?.day ?? this.#info?.day;
    return day ? dailyName(day) : m.daily_challenge_title();
  }

  get total(): number {
    return this.#game ? VARIANTS[this.#game.snapshot.view.variant].decks * 52 : 52;
  }

  /** Nothing to resume and nothing played today: the page waits for Start. */
  get ready(): boolean {
    const session = this.#session;
    return this.#noResult && (session.player === null || session.offline || this.#noAttempt);
  }

  /**
   * Start (or play again). A newcomer plays first and names themselves after: without a player, a
   * guest is made under a neutral name, and the result offers to put their own on the board.
   */
  async start() {
    this.#failure = '';
    try {
      await this.#session.startAsGuest();
    } catch (e) {
      this.#failure = await failureText(e, m.daily_unreachable());
      return;
    }
    this.#starting = true;
    this.#earlier = undefined;
    // Online already: asked now. Otherwise the socket, once open (it waits for a player), asks.
    this.#join();
  }

  /** The game is over: the result needs the player's rank and everyone's times. */
  loadResult() {
    const game = this.#game;
    const date = game?.snapshot.daily?.date;
    if (!game?.over || !date) return;
    this.loadBoard(date);
    this.#loadTimes(date);
    // A ranked result may have been flagged off the board as it ended.
    if (game.snapshot.ranked) void this.#loadStanding();
  }

  /** The player's place on the day's board (and its counts): again once a guest has named themselves. */
  loadBoard(date: string) {
    this.#fetch<DailyBoard>(`/api/leaderboards/daily?date=${date}&pageSize=1`).then(
      (b) => (this.#leaderboard = b),
      () => undefined,
    );
  }

  outcomeOf(g: OnlineGame): DailyOutcome {
    const s = g.snapshot;
    return {
      day: s.daily?.day ?? 0,
      date: s.daily?.date ?? '',
      won: s.status === 'won',
      timeMs: s.elapsedMs,
      moves: s.moves,
      progress: s.progress,
      faceDown: s.faceDown,
      total: VARIANTS[s.view.variant].decks * 52,
      ranked: s.ranked,
      flagged: s.ranked ? this.#standing?.flagged?.reason : undefined,
      review: s.ranked && !!this.#standing?.review,
    };
  }

  dispose() {
    this.#client.dispose();
    this.#game?.dispose();
  }

  #join() {
    void this.#client.request({ type: 'daily-join' }, true).then((answer) => {
      if (answer.ok || answer.refusal.type !== 'error') return;
      this.#starting = false;
      void failureText(answer.refusal, m.daily_unreachable()).then((text) => (this.#failure = text));
    });
  }

  #loadStanding(): Promise<DailyStanding | undefined> {
    const asked = ++this.#standingAsked;
    return this.#fetch<DailyStanding>('/api/me/daily').then(
      (s) => {
        if (asked === this.#standingAsked) this.#standing = s;
        return s;
      },
      () => undefined,
    );
  }

  /** The day's finishing times; without them the result simply shows no chart. */
  #loadTimes(date: string) {
    this.#fetch<DailyTimes>(`/api/leaderboards/daily/times?date=${date}`).then(
      (t) => (this.#times = t),
      () => undefined,
    );
  }

  /**
   * Today's result of ours: ranked on the board; else ranked but flagged off it, or held for a
   * moderator's review, which only its owner sees (`/api/me/daily`).
   */
  async #todaysResult(board: DailyBoard): Promise<DailyOutcome | undefined> {
    const day = { day: board.day, date: board.date, total: 52 };
    if (board.me) return { ...board.me, ...day, ranked: true };
    const standing = await this.#firstStanding;
    const mine = standing?.flagged ?? standing?.review;
    if (!mine) return undefined;
    const { won, timeMs, moves, progress, faceDown } = mine;
    const why = standing?.flagged ? { flagged: standing.flagged.reason } : { review: true };
    return { won, timeMs, moves, progress, faceDown, ...day, ranked: true, ...why };
  }
}
