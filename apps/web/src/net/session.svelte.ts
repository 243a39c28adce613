import {
  isGuestNickname,
  type MeResponse,
  type Player,
  type PlayerResponse,
  type SignUpBody,
} from '@scorpion/protocol';
import { ApiFailure, api } from './api.ts';

/**
 * While the server cannot be asked, it is asked again after these waits (the last one repeats),
 * and at once when the browser comes back online or the tab is shown again.
 */
export const RETRY_MS = [2_000, 5_000, 10_000, 30_000];

/** The tab's early socket, which a sign-up names so that its answer's token binds it (`Connection`). */
export interface EarlySocket {
  earlyReady(): Promise<string | undefined>;
  identify(token: string): boolean;
}

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
  #retries = 0;
  #retry: ReturnType<typeof setTimeout> | undefined;
  readonly #early: EarlySocket | undefined;

  /** `early`: the tab's socket, opened before there was a player, which a sign-up binds to the new one. */
  constructor(early?: EarlySocket) {
    this.#early = early;
  }

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

  /** A guest: a player the daily's Start made under a neutral name, who has not named themselves yet. */
  get guest() {
    return this.#player ? isGuestNickname(this.#player.nickname) : false;
  }

  /**
   * Makes sure there is a named player before something that needs one (a race, a room): true at
   * once when there is, otherwise the nickname dialog opens (to name a guest, or to sign up) and
   * this settles when it closes (false if dismissed).
   * Nobody is asked on arrival: reading the site needs no name. A browser the server could not
   * be asked about may well have a player: it is asked again first, not offered a new name.
   */
  async ensurePlayer(): Promise<boolean> {
    if (this.#offline) await this.#ask();
    if (this.#player && !this.guest) return true;
    this.#answer?.(false);
    this.#asking = true;
    return new Promise((resolve) => (this.#answer = resolve));
  }

  /** The dialog closed: with a player when one was picked. */
  settle() {
    this.#asking = false;
    const answer = this.#answer;
    this.#answer = undefined;
    answer?.(Boolean(this.#player) && !this.guest);
  }

  load(): Promise<void> {
    const again = () => {
      if (this.#offline) void this.#ask();
    };
    addEventListener('online', again);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') again();
    });
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
    clearTimeout(this.#retry);
    try {
      this.#player = (await api<MeResponse>('/api/me')).player;
      this.#offline = false;
      this.#retries = 0;
    } catch {
      this.#offline = true;
      this.#player = null;
      clearTimeout(this.#retry);
      const wait = RETRY_MS[Math.min(this.#retries++, RETRY_MS.length - 1)];
      this.#retry = setTimeout(() => void this.#ask(), wait);
    }
  }

  /**
   * Signs up as `nickname`. Never while the server has not said who this browser is: the new
   * player's cookie would replace the one it may already hold, and that player would be lost.
   */
  async pick(nickname: string) {
    if (this.#offline) await this.#ask();
    if (this.#offline) throw new ApiFailure('network', 'The server cannot be reached.');
    if (this.#player) return;
    await this.#signUp({ nickname });
  }

  /**
   * A player for a newcomer who wants to play before picking a name (the daily's Start): a guest
   * under a neutral name, who names themselves after. Nothing when there is a player already.
   */
  async startAsGuest() {
    if (this.#offline) await this.#ask();
    if (this.#offline) throw new ApiFailure('network', 'The server cannot be reached.');
    if (this.#player) return;
    await this.#signUp({});
  }

  /**
   * Signs up, naming the tab's early socket if one is open: the answer's token binds it, sent
   * before the player is set, so that the socket is being bound when the app asks for one.
   */
  async #signUp(body: SignUpBody) {
    const socket = await this.#early?.earlyReady();
    const answer = await api<PlayerResponse>('/api/players', {
      method: 'POST',
      body: socket === undefined ? body : { ...body, socket },
    });
    if (answer.socketToken !== undefined) this.#early?.identify(answer.socketToken);
    this.#player = answer.player;
  }

  async rename(nickname: string) {
    this.#player = (await api<PlayerResponse>('/api/me', { method: 'PATCH', body: { nickname } })).player;
  }
}
