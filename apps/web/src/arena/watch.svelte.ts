import type { ArenaBoard } from '@scorpion/protocol';
import { Client, type Link } from '../net/connection.svelte.ts';
import { refusalText } from './text.ts';

/**
 * One player's board in an arena, watched a few seconds behind (`arena-watch`, answered by
 * `arena-board` frames): whose, their board as last sent, and why the server refused. A new
 * socket watches nothing, so the watch is asked again once it is ready; leaving stops it.
 */
export class ArenaWatch {
  #watching = $state<string | null>(null);
  #board = $state.raw<ArenaBoard>();
  #failure = $state('');
  readonly #arenaId: string;
  readonly #client: Client;

  constructor(link: Link, arenaId: string) {
    this.#arenaId = arenaId;
    const client = new Client(link);
    this.#client = client;
    client.on('arena-board', (m) => {
      if (m.arenaId === arenaId && m.player.id === this.#watching) this.#board = m;
    });
    client.onReady(() => {
      if (this.#watching) this.#ask(this.#watching);
    });
  }

  /** The player watched, or null. */
  get watching(): string | null {
    return this.#watching;
  }

  /** Their board as last sent; undefined until the first arrives. */
  get board(): ArenaBoard | undefined {
    return this.#board;
  }

  /** The server's refusal of the last watch, in the player's words; empty when none. */
  get failure(): string {
    return this.#failure;
  }

  /** Watches `playerId` instead of whoever was watched; null stops. */
  watch(playerId: string | null): void {
    this.#failure = '';
    this.#board = undefined;
    this.#watching = playerId;
    this.#ask(playerId);
  }

  dispose(): void {
    if (this.#watching) this.#client.send({ type: 'arena-watch', arenaId: this.#arenaId, playerId: null });
    this.#client.dispose();
  }

  #ask(playerId: string | null): void {
    void this.#client.request({ type: 'arena-watch', arenaId: this.#arenaId, playerId }).then((answer) => {
      if (answer.ok || answer.refusal.type !== 'error') return;
      this.#failure = refusalText(answer.refusal.code, answer.refusal.message);
      this.#watching = null;
    });
  }
}
