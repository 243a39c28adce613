import type { HintAnswer } from '@scorpion/protocol';
import type { Move, VariantId } from '@scorpion/rules';
import { untrack } from 'svelte';
import { LocalGame } from '../game/localGame.svelte.ts';
import {
  configFromQuery,
  DEFAULT_PRACTICE,
  dealFromQuery,
  type PracticeConfig,
  type PracticeDeal,
  practiceHref,
} from '../game/practiceConfig.ts';
import { randomSeed } from '../game/seed.ts';
import { type PracticeLink, ServerPractice } from '../game/serverPractice.svelte.ts';
import type { Hint, SolverClient } from '../game/solver.ts';
import { api } from '../net/api.ts';
import type { Session } from '../net/session.svelte.ts';
import { m } from '../paraglide/messages.js';
import { failureWords } from '../ui/failureWords.ts';

/** What the practice page needs of the session. */
export type PracticeSession = Pick<Session, 'player' | 'offline'>;

/** How the page asks the server for a hint (tests hand in their own). */
export type AskHint = (gameId: string, seq: number) => Promise<HintAnswer>;

export interface PracticePageOptions {
  /** The address's query, as it says now. */
  readonly query: () => URLSearchParams;
  readonly navigate: (href: string, options?: { replace?: boolean }) => void;
  readonly session: PracticeSession;
  /** The browser's solver: hints in games played here, and winnable deals. */
  readonly solver: Pick<SolverClient, 'hint' | 'winnableDeal'>;
  readonly askHint?: AskHint;
}

/** What a hint says once it is not a move. */
export type HintVerdict = Exclude<Hint['kind'], 'move'>;

const askServer: AskHint = (gameId, seq) =>
  api<HintAnswer>(`/api/games/${gameId}/hint`, { method: 'POST', body: { seq } });

/**
 * The practice page: a game in the browser (no nickname yet, or no server), or on the server
 * (timed by its clock, so that a finished game can be challenged), and its hints. A game in the
 * browser holds its whole deal, so the browser's solver answers; a game on the server does not
 * (the server keeps its face-down cards until the end), so the server's solver answers, and the
 * server marks the game: played with hints, it cannot become a "Beat my time" link.
 */
export class PracticePage {
  /**
   * Where this page plays: where it can, except that a game begun in the browser stays there when
   * the server comes back (it is asked again while out of reach) until the player deals again:
   * moved to the server, it would start over from its first card.
   */
  #mode = $state<'loading' | 'server' | 'local'>('loading');
  #server = $state.raw<ServerPractice>();
  #hint = $state.raw<{ at: unknown; hint: Hint } | undefined>();
  #thinking = $state(false);
  #hintFailure = $state('');
  /** Hints the server gave in the game on the board, by game id (the mark it keeps). */
  #hintsIn = $state.raw<{ gameId: string; hints: number } | undefined>();
  #finding = $state(false);
  #findFailure = $state('');
  /** The deal the solver just proved winnable for this player, and its rating. */
  #proven = $state.raw<{ seed: string; stars: number }>();
  readonly #options: PracticePageOptions;
  readonly #link: PracticeLink;
  readonly #askHint: AskHint;

  /** With a player and a server, practice is played on the server; without, in the browser. */
  readonly reachable = $derived.by(() => {
    // "Try it yourself" (a public game's analysis) starts at a position: only the browser's game can.
    if (dealFromQuery(this.#options.query()).from) return 'local';
    const { player, offline } = this.#options.session;
    return player === undefined ? 'loading' : player && !offline ? 'server' : 'local';
  });
  /** In the browser: the link names the deal; without one, the last practice game comes back, or a fresh deal. */
  readonly config: PracticeConfig = $derived.by(
    () =>
      configFromQuery(this.#options.query()) ?? LocalGame.savedConfig() ?? { ...DEFAULT_PRACTICE, seed: randomSeed() },
  );
  /** The browser's game, kept while its deal is the one asked for (a derived value may be worked out again). */
  #localGame: { key: string; game: LocalGame } | undefined;
  readonly local = $derived.by(() => {
    if (this.#mode !== 'local') return undefined;
    const config = this.config;
    const key = practiceHref(config);
    if (this.#localGame?.key !== key) this.#localGame = { key, game: new LocalGame(config) };
    return this.#localGame.game;
  });
  readonly online = $derived(this.#server?.game);
  /** The deal on the board: its seed is null while the server keeps it. */
  readonly shown = $derived.by((): { variant: VariantId; options: PracticeConfig['options']; seed: string | null } => {
    if (this.#mode !== 'server') return this.config;
    const online = this.online;
    if (online) {
      const { view, seed } = online.snapshot;
      return { variant: view.variant, options: view.options, seed };
    }
    const asked = dealFromQuery(this.#options.query());
    return { ...asked, seed: asked.seed ?? null };
  });
  readonly over = $derived(this.local ? this.local.status !== 'playing' : this.online ? this.online.over : false);
  readonly view = $derived(this.local?.view ?? this.online?.view);
  /** Moves so far, whichever side plays. */
  readonly moves = $derived(this.local?.moveCount ?? this.online?.moves ?? 0);

  constructor(link: PracticeLink, options: PracticePageOptions) {
    this.#link = link;
    this.#options = options;
    this.#askHint = options.askHint ?? askServer;
  }

  /**
   * Plays where the player can now (`reachable`): the component calls it whenever that changes.
   * A game begun in the browser stays there while it is under way.
   */
  follow(reachable: PracticePage['reachable']): void {
    // Only `reachable` moves the page: read under the component's effect, the game's status would
    // too, and a game won in the browser would then be swapped for a new one on the server.
    untrack(() => {
      const local = this.local;
      if (reachable === 'server' && this.#mode === 'local' && local?.status === 'playing' && local.canUndo) return;
      this.#mode = reachable;
    });
  }

  /**
   * On the server: the game on the deal the link names (no seed: the server deals, and keeps the
   * seed until the end). Answers how to let it go (when the page leaves the server, or closes).
   */
  connect(): () => void {
    const practice = new ServerPractice(this.#link, dealFromQuery(this.#options.query()));
    this.#server = practice;
    return () => {
      practice.dispose();
      if (this.#server === practice) this.#server = undefined;
    };
  }

  /** The address of the deal on the board (its seed once the player may know it); none while it is being dealt. */
  get address(): string | undefined {
    if (this.#mode === 'loading' || (this.#mode === 'server' && !this.online)) return undefined;
    const { seed, ...deal } = this.shown;
    return practiceHref(seed === null ? deal : { ...deal, seed });
  }

  get mode() {
    return this.#mode;
  }
  get server() {
    return this.#server;
  }
  get thinking() {
    return this.#thinking;
  }
  get finding() {
    return this.#finding;
  }
  get findFailure() {
    return this.#findFailure;
  }
  get proven() {
    return this.#proven;
  }
  /** Why the last hint could not be given, in the server's words. */
  get hintFailure() {
    return this.#hintFailure;
  }

  /** The hint for the position on the board: one asked for another position is gone. */
  get hint(): Hint | undefined {
    const shown = this.#hint;
    return shown && shown.at === this.#position() ? shown.hint : undefined;
  }
  /** The move the board marks. */
  get hintMove(): Move | undefined {
    const hint = this.hint;
    return hint?.kind === 'move' ? hint.move : undefined;
  }
  /**
   * How many hints the server gave in the game on the board (0 in the browser's games: nothing is
   * marked there): as its snapshot said (a reload counts on), or as the last hint answered.
   */
  get hints(): number {
    const online = this.online;
    if (!online) return 0;
    const answered = this.#hintsIn?.gameId === online.id ? this.#hintsIn.hints : 0;
    return Math.max(online.snapshot.hints, answered);
  }
  /** Whether Hint can be pressed now. */
  get canHint(): boolean {
    return !this.#thinking && !this.over && this.view !== undefined && !this.online?.busy;
  }

  /** What identifies the position on the board: a hint belongs to the one it was asked for. */
  #position(): unknown {
    return this.local
      ? this.local.fullState
      : this.online
        ? `${this.online.id}:${this.online.snapshot.seq}`
        : undefined;
  }

  /** A hint: the browser's solver for the browser's game, the server's for the server's. */
  async askHint(): Promise<void> {
    if (!this.canHint) return;
    const at = this.#position();
    this.#thinking = true;
    this.#hintFailure = '';
    try {
      const local = this.local;
      if (local) {
        this.#hint = { at, hint: await this.#options.solver.hint(local.fullState) };
        return;
      }
      const online = this.online;
      if (!online) return;
      const answer = await this.#askHint(online.id, online.snapshot.seq);
      this.#hintsIn = { gameId: online.id, hints: answer.hints };
      const hint: Hint =
        answer.hint.kind === 'move'
          ? { kind: 'move', move: answer.hint.move, line: [answer.hint.move] }
          : answer.hint.kind === 'unknown'
            ? { kind: 'unknown', reason: 'time-limit' }
            : { kind: answer.hint.kind };
      this.#hint = { at: `${online.id}:${answer.seq}`, hint };
    } catch (e) {
      this.#hintFailure = await failureWords(e, m.practice_no_hint());
    } finally {
      this.#thinking = false;
    }
  }

  /** Deals `deal`: on the server (a new game there), or in the browser by the link. */
  dealNow(deal: PracticeDeal): void {
    const { navigate } = this.#options;
    if (this.#server) {
      this.#server.deal(deal);
      navigate(practiceHref(deal));
    } else if (this.reachable === 'server') {
      // The game kept in the browser while the server came back is left: the server deals this one.
      navigate(practiceHref(deal));
      this.#mode = 'server';
    } else navigate(practiceHref({ ...deal, seed: deal.seed ?? randomSeed() }));
  }

  /** A new deal of `variant`: one the solver proves winnable when the player asks for only those. */
  async newDeal(variant: VariantId, options: PracticeConfig['options'], winnableOnly: boolean): Promise<void> {
    this.#findFailure = '';
    if (!winnableOnly) return this.dealNow({ variant, options });
    this.#finding = true;
    try {
      const found = await this.#options.solver.winnableDeal(variant, options);
      if (!found.found) {
        this.#findFailure = m.practice_none_winnable({ count: found.tried });
        return;
      }
      this.#proven = { seed: found.seed, stars: found.stars };
      this.dealNow({ variant, options, seed: found.seed });
    } catch {
      this.#findFailure = m.practice_solver_stopped();
    } finally {
      this.#finding = false;
    }
  }

  /** Restart: the browser's game goes back to its deal; on the server, a new game on the same seed. */
  restart(): void {
    const { variant, options, seed } = this.shown;
    if (this.local) this.local.restart();
    else if (seed) this.dealNow({ variant, options, seed });
  }
}
