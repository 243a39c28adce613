import type { ClientMessage, ServerMessage } from '@scorpion/protocol';
import type { Answer, Frame, Link, ServerType } from './connection.svelte.ts';

/**
 * One page's (or one component's) use of the tab's socket: its requests, what it hears and what
 * it sends again on each reconnection, all let go of together by `dispose`. Answers are paired
 * with their requests by id (`Connection.request`), so a page never tells its refusals from
 * another's by the message type they name.
 */
export class Client {
  readonly #link: Link;
  readonly #stops: (() => void)[] = [];
  readonly #gone = new AbortController();

  constructor(link: Link) {
    this.#link = link;
  }

  get online(): boolean {
    return this.#link.status === 'online';
  }

  get welcome() {
    return this.#link.welcome;
  }

  serverNow(): number {
    return this.#link.serverNow();
  }

  /** A message whose answer nobody waits for (a leave on the way out); false when offline. */
  send(message: ClientMessage): boolean {
    return this.#link.send(message);
  }

  /** See `Connection.request`; forgotten once this client is disposed. */
  request(message: ClientMessage, again = false): Promise<Answer> {
    return this.#link.request(message, { again, signal: this.#gone.signal });
  }

  on<T extends ServerType>(type: T, fn: (frame: Frame<T>) => void): void {
    this.#stops.push(this.#link.on(type, fn));
  }

  listen(fn: (message: ServerMessage) => void): void {
    this.#stops.push(this.#link.listen(fn));
  }

  /** Runs `fn` now if online, and after every reconnection. */
  onReady(fn: () => void): void {
    this.#stops.push(this.#link.onReady(fn));
  }

  dispose(): void {
    this.#gone.abort();
    for (const stop of this.#stops.splice(0)) stop();
  }
}
