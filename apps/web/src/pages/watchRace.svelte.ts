import type { RaceBoard } from '@scorpion/protocol';
import { Client, type Link } from '../net/connection.svelte.ts';
import { m } from '../paraglide/messages.js';
import { failureWords } from '../ui/failureWords.ts';

/**
 * Watching one racer's board, a few seconds behind the race (`race-watch`, then `race-board`
 * frames): one racer at a time, none after a refusal, and the same one asked for again after a
 * reconnection (a new socket watches nothing).
 */
export class WatchRacePanel {
  /** The racer whose board is asked for. */
  #watching = $state<string | null>(null);
  /** The last board of theirs that came. */
  #board = $state.raw<RaceBoard>();
  #failure = $state('');
  readonly #client: Client;
  readonly #code: () => string;

  /** `code`: the room's, as the page says it now. */
  constructor(link: Link, code: () => string) {
    this.#client = new Client(link);
    this.#code = code;
    this.#client.on('race-board', (m) => {
      if (m.code === this.#code() && m.playerId === this.#watching) this.#board = m;
    });
    // After the page's room-join, which the server keeps in order.
    this.#client.onReady(() => {
      if (this.#watching) this.#ask(this.#watching);
    });
  }

  get watching() {
    return this.#watching;
  }
  get board() {
    return this.#board;
  }
  get failure() {
    return this.#failure;
  }

  /** Watches `playerId`, or stops watching (`null`); their board shows once the first one comes. */
  watch(playerId: string | null) {
    this.#failure = '';
    this.#board = undefined;
    this.#watching = playerId;
    this.#ask(playerId);
  }

  /** The racer's button: watch them, or stop watching them. */
  toggle(playerId: string) {
    this.watch(this.#watching === playerId ? null : playerId);
  }

  dispose() {
    this.#client.dispose();
  }

  #ask(playerId: string | null) {
    void this.#client.request({ type: 'race-watch', code: this.#code(), playerId }).then((answer) => {
      if (answer.ok || answer.refusal.type !== 'error') return;
      this.#watching = null;
      void failureWords(answer.refusal, m.error_network()).then((text) => (this.#failure = text));
    });
  }
}
