import type { ClientMessage, GameOptions, QueueGhostOffer, QueueStatus } from '@scorpion/protocol';
import type { VariantId } from '@scorpion/rules';
import { type Answer, Client, type ErrorFrame, type Link } from '../net/connection.svelte.ts';
import type { Session } from '../net/session.svelte.ts';
import { m } from '../paraglide/messages.js';
import { failureWords } from '../ui/failureWords.ts';

/** Nothing heard this long: the entry is gone (Redis emptied, say), so the page joins again. */
export const SILENCE_MS = 10_000;

/** idle → joining (sent) → waiting (the server has our entry); `replaced`: another tab took it. */
export type QueuePhase = 'idle' | 'joining' | 'waiting' | 'replaced';

export interface QuickOptions {
  readonly session: Pick<Session, 'ensurePlayer'>;
  /** The kind of race the form asks for now. */
  readonly choice: () => { variant: VariantId; options: GameOptions };
  /**
   * A race was made (`/r/CODE?quick`) or a ghost race accepted (`/c/CODE?from=queue`): its page.
   * Also `/quick` in place of the address once "New opponent" has started the wait again.
   */
  readonly go: (path: string, replace?: boolean) => void;
  /** "New opponent" after a quick race: wait again at once, without a second press. */
  readonly again: boolean;
}

/**
 * The quick-race queue's page: one entry of this tab's, what the wait looks like, a ghost offered
 * after a while, and the race (or the ghost race) it ends in. The server forgets a player whose
 * socket dropped, so the wait starts again after a reconnection; leaving the page leaves the queue.
 */
export class QuickPage {
  #phase = $state<QueuePhase>('idle');
  #status = $state.raw<QueueStatus>();
  #offer = $state.raw<QueueGhostOffer>();
  #offerHidden = $state(false);
  #failure = $state('');
  /** The server cannot take the join for a moment: said until the entry is in. */
  #catchingUp = $state(false);
  #now = $state(Date.now());
  #entryId: string | undefined;
  /** When the server last said how the wait goes (every 2 s while the entry is there). */
  #heardAt = 0;
  /** A join to send again once the server can take it (it answered `unavailable`). */
  #retry: ReturnType<typeof setTimeout> | undefined;
  #again: boolean;
  readonly #tick: ReturnType<typeof setInterval>;
  readonly #client: Client;
  readonly #options: QuickOptions;

  constructor(link: Link, options: QuickOptions) {
    this.#client = new Client(link);
    this.#options = options;
    this.#again = options.again;
    const client = this.#client;
    this.#tick = setInterval(() => {
      this.#now = client.serverNow();
      if (this.#phase === 'waiting' && Date.now() - this.#heardAt > SILENCE_MS && client.online) this.#join();
    }, 1000);
    client.on('queue', (m) => this.#onQueue(m));
    // `?quick`: the room's page offers a new opponent once the race is over.
    client.on('queue-matched', (m) => {
      if (m.entryId === this.#entryId) options.go(`/r/${m.code}?quick`);
    });
    client.on('queue-ghost-offer', (m) => {
      if (m.entryId === this.#entryId) this.#offer = m;
    });
    client.on('queue-ghost-ready', (m) => {
      if (m.entryId === this.#entryId) options.go(`/c/${m.code}?from=queue`);
    });
    client.onReady(() => {
      // The server forgets a player whose socket dropped: after a reconnection the wait starts again.
      if (this.#phase === 'waiting' || this.#phase === 'joining') this.#join();
      // "New opponent": back in the queue as soon as the socket is up.
      else if (this.#again) {
        this.#again = false;
        options.go('/quick', true);
        void this.start();
      }
    });
  }

  get phase() {
    return this.#phase;
  }
  get status() {
    return this.#status;
  }
  get offer() {
    return this.#offer;
  }
  get offerHidden() {
    return this.#offerHidden;
  }
  get failure() {
    return this.#catchingUp ? m.race_quick_catching_up() : this.#failure;
  }

  /** How long this entry has waited, on the server's clock. */
  get waited(): number {
    return this.#status ? Math.max(0, this.#now - this.#status.since) : 0;
  }

  get waitingOrJoining(): boolean {
    return this.#phase === 'waiting' || this.#phase === 'joining';
  }

  async start() {
    this.#failure = '';
    this.#catchingUp = false;
    if (!(await this.#options.session.ensurePlayer())) return;
    this.#offer = undefined;
    this.#offerHidden = false;
    this.#join();
  }

  leave() {
    clearTimeout(this.#retry);
    this.#ask({ type: 'queue-leave' });
    this.#phase = 'idle';
    this.#offer = undefined;
  }

  answer(accept: boolean) {
    this.#ask({ type: 'queue-ghost', accept });
    if (!accept) this.#offerHidden = true;
  }

  /** Leaving the page leaves the queue: nobody is matched into a race they no longer see. */
  dispose() {
    clearInterval(this.#tick);
    clearTimeout(this.#retry);
    if (this.waitingOrJoining) this.#client.send({ type: 'queue-leave' });
    this.#client.dispose();
  }

  #join() {
    this.#phase = 'joining';
    this.#entryId = undefined;
    this.#heardAt = Date.now();
    const { variant, options } = this.#options.choice();
    this.#ask({ type: 'queue-join', variant, options }, (refusal) => {
      // The queue out of reach for a moment (in a cluster, while Redis is away): still joining,
      // sent again after the wait the server asked for.
      if (refusal.code === 'unavailable') {
        this.#catchingUp = true;
        this.#retry = setTimeout(() => this.#phase === 'joining' && this.#join(), (refusal.retryAfter ?? 1) * 1000);
        return;
      }
      // Not let in (in a race already, or too many joins): nothing is waiting.
      this.#phase = 'idle';
    });
  }

  #ask(message: ClientMessage, refused?: (refusal: ErrorFrame) => void) {
    void this.#client.request(message).then((answer: Answer) => {
      if (answer.ok || answer.refusal.type !== 'error') return;
      refused?.(answer.refusal);
      void failureWords(answer.refusal, m.error_network()).then((text) => (this.#failure = text));
    });
  }

  #onQueue(m: QueueStatus) {
    const mine = m.entryId === this.#entryId || (this.#phase === 'joining' && m.status === 'waiting');
    if (!mine) return;
    if (m.status === 'waiting') {
      if (this.#catchingUp) {
        this.#catchingUp = false;
        this.#failure = '';
      }
      this.#heardAt = Date.now();
      this.#entryId = m.entryId;
      this.#phase = 'waiting';
      this.#status = m;
    } else if (m.reason === 'replaced') this.#phase = 'replaced';
    else if (m.reason === 'left') this.#phase = 'idle';
  }
}
