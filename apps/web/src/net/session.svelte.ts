import type { MeResponse, Player, PlayerResponse } from '@scorpion/protocol';
import { api } from './api.ts';

/**
 * Who this browser is: `undefined` while asking the server, `null` before a nickname is picked.
 * The identity itself lives in an httpOnly cookie the page never sees.
 */
export class Session {
  #player = $state.raw<Player | null | undefined>(undefined);
  #offline = $state(false);

  get player() {
    return this.#player;
  }

  /** True when the server could not be asked at all: practice still works. */
  get offline() {
    return this.#offline;
  }

  async load() {
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
