import type { MeResponse, Player, PlayerResponse } from '@scorpion/protocol';
import { api } from './api.ts';

/**
 * Who this browser is: `undefined` while asking the server, `null` before a nickname is picked.
 * The identity itself lives in an httpOnly cookie the page never sees.
 */
export class Session {
  #player = $state.raw<Player | null | undefined>(undefined);
  #offline = $state(false);
  /** A page asked for a nickname (a ranked game, a race, a room): the dialog is open. */
  #asking = $state(false);
  #answer: ((picked: boolean) => void) | undefined;
  #loaded: Promise<void> | undefined;

  get player() {
    return this.#player;
  }

  /** True when the server could not be asked at all: practice still works. */
  get offline() {
    return this.#offline;
  }

  get asking() {
    return this.#asking;
  }

  /**
   * Makes sure there is a player before something that needs one: true at once when there is,
   * otherwise the nickname dialog opens and this settles when it closes (false if dismissed).
   * Nobody is asked on arrival: reading the site needs no name.
   */
  ensurePlayer(): Promise<boolean> {
    if (this.#player) return Promise.resolve(true);
    this.#answer?.(false);
    this.#asking = true;
    return new Promise((resolve) => (this.#answer = resolve));
  }

  /** The dialog closed: with a player when one was picked. */
  settle() {
    this.#asking = false;
    const answer = this.#answer;
    this.#answer = undefined;
    answer?.(Boolean(this.#player));
  }

  load(): Promise<void> {
    this.#loaded = this.#ask();
    return this.#loaded;
  }

  /**
   * The player once the server has said who this is (null: a guest). Pages wait on it before
   * asking for what only a player has, instead of being refused (a 401 in the console) as a guest.
   */
  async known(): Promise<Player | null> {
    await this.#loaded;
    return this.#player ?? null;
  }

  async #ask() {
    try {
      this.#player = (await api<MeResponse>('/api/me')).player;
      this.#offline = false;
    } catch {
      this.#offline = true;
      this.#player = null;
    }
  }

  async pick(nickname: string) {
    this.#player = (await api<PlayerResponse>('/api/players', { method: 'POST', body: { nickname } })).player;
  }

  async rename(nickname: string) {
    this.#player = (await api<PlayerResponse>('/api/me', { method: 'PATCH', body: { nickname } })).player;
  }
}
