import type { GameSnapshot, ServerMessage } from '@scorpion/protocol';
import type { Connection } from '../net/connection.svelte.ts';
import { m as messages } from '../paraglide/messages.js';
import { failureWords } from '../ui/failureWords.ts';
import { type GameLink, OnlineGame } from './onlineGame.svelte.ts';
import type { PracticeDeal } from './practiceConfig.ts';

/** What practice needs of the socket: a game's link, requests, and the welcome's list of games in play. */
export type PracticeLink = GameLink & Pick<Connection, 'welcome' | 'request'>;

/** The practice game in play fits the deal asked for (any deal of its kind when no seed is asked). */
export function fits(deal: PracticeDeal, game: GameSnapshot): boolean {
  const { variant, options } = game.view;
  return (
    variant === deal.variant &&
    options.foundations === deal.options.foundations &&
    options.open === deal.options.open &&
    (deal.seed === undefined || game.seed === deal.seed)
  );
}

/** A practice game just dealt (a given-up one on the same deal is no answer to a start). */
const isNewPractice = (game: GameSnapshot) => game.kind === 'practice' && game.status === 'playing' && game.seq === 0;

/**
 * Practice played on the server, as the daily is: every move acknowledged once stored, timed by
 * the server's clock, cards sent only as they turn over. So its time is the server's own, and the
 * finished game can be turned into a challenge link whose ghost nobody could have faked.
 * On arrival the practice game still in play comes back if it fits the deal the page was opened
 * on; otherwise (or on "New deal") the server deals one. What was asked is asked again after a
 * reconnection until it is answered.
 */
export class ServerPractice {
  #game = $state.raw<OnlineGame>();
  #failure = $state('');
  #deal: PracticeDeal;
  /** The question on its way: a practice-start, or the resume of the game the welcome listed. */
  #asked: { kind: 'start' } | { kind: 'resume'; gameId: string } | undefined;
  /** A game was resumed or started once: the welcome's list is no longer what decides. */
  #settled = false;
  readonly #link: PracticeLink;
  readonly #stop: (() => void)[] = [];

  constructor(link: PracticeLink, deal: PracticeDeal) {
    this.#link = link;
    this.#deal = deal;
    this.#stop.push(link.listen((m) => this.#onMessage(m)));
    this.#stop.push(link.onReady(() => this.#onReady()));
  }

  get game() {
    return this.#game;
  }

  /** Why the server turned the deal down, in its words. */
  get failure() {
    return this.#failure;
  }

  /** A new game on `deal`; the one in play, if any, is given up (a new deal leaves it). */
  deal(deal: PracticeDeal) {
    this.#deal = deal;
    this.#failure = '';
    const current = this.#game;
    if (current && !current.over) current.giveUp();
    current?.dispose();
    this.#game = undefined;
    this.#settled = true;
    this.#start();
  }

  dispose() {
    for (const stop of this.#stop) stop();
    this.#game?.dispose();
  }

  #onReady() {
    // A game here resumes itself; a question not answered before the socket dropped goes again.
    if (this.#game) return;
    const asked = this.#asked;
    if (asked?.kind === 'resume') return void this.#link.send({ type: 'game-resume', gameId: asked.gameId });
    if (asked?.kind === 'start' || this.#settled) return this.#start();
    const inPlay = this.#link.welcome?.games.find((g) => g.kind === 'practice');
    if (!inPlay) return this.#start();
    this.#asked = { kind: 'resume', gameId: inPlay.gameId };
    this.#link.send({ type: 'game-resume', gameId: inPlay.gameId });
  }

  #start() {
    const asked = { kind: 'start' } as const;
    this.#asked = asked;
    const { variant, options, seed } = this.#deal;
    const message = { type: 'practice-start', variant, options, ...(seed === undefined ? {} : { seed }) } as const;
    void this.#link.request(message).then((answer) => {
      // Turned down, and not asked anew since: its error code says why.
      if (answer.ok || answer.refusal.type !== 'error' || this.#asked !== asked) return;
      this.#asked = undefined;
      void failureWords(answer.refusal, messages.error_network()).then((text) => (this.#failure = text));
    });
  }

  #onMessage(m: ServerMessage) {
    const asked = this.#asked;
    if (!asked) return;
    if (asked.kind === 'resume') {
      if (m.type === 'game' && m.game.gameId === asked.gameId) {
        this.#settled = true;
        if (m.game.kind === 'practice' && m.game.status === 'playing' && fits(this.#deal, m.game)) this.#adopt(m.game);
        else this.#start();
      } else if (m.type === 'error' && m.gameId === asked.gameId) {
        this.#settled = true;
        this.#start();
      }
    } else if (m.type === 'game' && isNewPractice(m.game) && fits(this.#deal, m.game)) {
      this.#adopt(m.game);
    }
  }

  #adopt(snapshot: GameSnapshot) {
    this.#asked = undefined;
    this.#game = new OnlineGame(this.#link, snapshot);
  }
}
