import { Client, type Link } from '../net/connection.svelte.ts';
import { m } from '../paraglide/messages.js';
import { failureWords } from '../ui/failureWords.ts';

/**
 * The host's "End the race" of a race without a time limit (`room-end`): asked, confirmed, then
 * out until the race's end (which replaces the panel) or the server's refusal (said, and the
 * button back). A refusal is this request's own answer, never another request's.
 */
export class EndRacePanel {
  #confirming = $state(false);
  /** `room-end` is out: the race's end (or the server's refusal) answers it. */
  #ending = $state(false);
  #failure = $state('');
  readonly #client: Client;
  readonly #code: () => string;

  /** `code`: the room's, as the page says it now. */
  constructor(link: Link, code: () => string) {
    this.#client = new Client(link);
    this.#code = code;
  }

  get confirming() {
    return this.#confirming;
  }
  get ending() {
    return this.#ending;
  }
  get failure() {
    return this.#failure;
  }

  /** "End the race": the host is asked to confirm first. */
  ask() {
    this.#confirming = true;
  }

  /** "Keep waiting". */
  keepWaiting() {
    this.#confirming = false;
  }

  /** Confirmed: asks the server to end the race; offline, says so instead of keeping it for later. */
  end() {
    this.#failure = '';
    this.#confirming = false;
    this.#ending = this.#client.online;
    if (!this.#ending) {
      this.#failure = m.race_end_offline();
      return;
    }
    void this.#client.request({ type: 'room-end', code: this.#code() }).then((answer) => {
      if (answer.ok || answer.refusal.type !== 'error') return;
      this.#ending = false;
      void failureWords(answer.refusal, m.error_network()).then((text) => (this.#failure = text));
    });
  }

  dispose() {
    this.#client.dispose();
  }
}
