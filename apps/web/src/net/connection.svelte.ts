import {
  type ClientMessage,
  PROTOCOL_VERSION,
  type ServerMessage,
  SIGNED_OUT,
  WATCH_REFUSED,
} from '@scorpion/protocol';
import { untrack } from 'svelte';
import { reloadForProtocol } from './outdated.ts';
import { earlySocketUrl, type Owner, ownerFromClose, socketUrl } from './socket-url.ts';

export type ConnectionStatus = 'idle' | 'connecting' | 'online' | 'reconnecting';

type Welcome = Extract<ServerMessage, { type: 'welcome' }>;
type Greeting = Extract<ServerMessage, { type: 'welcome' | 'watching' }>;
type Listener = (message: ServerMessage) => void;
export type ErrorFrame = Extract<ServerMessage, { type: 'error' }>;
export type ServerType = ServerMessage['type'];
export type Frame<T extends ServerType> = Extract<ServerMessage, { type: T }>;

/**
 * Why a request has no answer: the server refused it (its error frame, paired by `rid`), or it
 * never reached the server, or its answer was lost with the socket (`offline`).
 */
export type Refusal = ErrorFrame | { readonly type: 'offline' };

/** The first frame the server sent in answer to a request, or why there is none. */
export type Answer =
  | { readonly ok: true; readonly frame: Exclude<ServerMessage, ErrorFrame> }
  | { readonly ok: false; readonly refusal: Refusal };

export interface RequestOptions {
  /**
   * Not answered before the socket drops (or asked while offline): sent again on every
   * (re)connection until it is, instead of settling as `offline`.
   */
  readonly again?: boolean;
  /** Forgets the request: it is not sent again and never settles (its page is gone). */
  readonly signal?: AbortSignal;
}

interface Pending {
  readonly message: ClientMessage;
  readonly again: boolean;
  readonly settle: (answer: Answer) => void;
  /** The socket it went out on last: a welcome sends again only what that socket has not carried. */
  sentOn?: WebSocket | undefined;
}

const OFFLINE: Answer = { ok: false, refusal: { type: 'offline' } };

/**
 * The last wait is 5 s: a room's owner that dies is replaced once its 5 s lease lapses. With
 * waits growing to 8 s, two racers in Chromium were back 6.6 and 19–20 s after the owner was
 * killed (`pnpm cluster`, two looks); with 5 s, 5–13 s (three looks).
 */
const BACKOFF_MS = [300, 1000, 2000, 3000, 5000];

/**
 * A welcome alone does not end the backoff: a socket is let in and then sent away (a 4009 while
 * a room's owner dies and another takes over), and every welcome makes the page send its
 * room-join again. Only a connection that has held this long counts as back.
 */
export const SETTLED_MS = 5000;

/**
 * Each wait is spread over ±50% at random: after a server restart every open tab loses its socket
 * at the same instant, and without a spread they would all knock again at the same instants too.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]!;
  return Math.round(base * (0.5 + random()));
}

/** How long a sign-up waits for the early socket's greeting before it names none. */
export const EARLY_WAIT_MS = 3000;

/**
 * The one WebSocket of this tab. It reconnects by itself with a backoff; every page that needs
 * the server registers what to send on each (re)connection with `onReady`, so that a dropped
 * socket resumes exactly what was on screen.
 */
export class Connection {
  #status = $state<ConnectionStatus>('idle');
  #welcome = $state.raw<Welcome | undefined>();
  #catchingUp = $state(false);
  #socket: WebSocket | undefined;
  #attempt = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #settle: ReturnType<typeof setTimeout> | undefined;
  #listeners = new Set<Listener>();
  #ready = new Set<() => void>();
  /** Requests sent (or to send) and not answered yet, by their `rid`, in the order they were asked. */
  readonly #pending = new Map<string, Pending>();
  #nextRid = 0;
  #offset = 0;
  /** The room's owner, as the last 4009 named it (cluster mode). */
  #owner: Owner | undefined;
  /** A visitor's socket (`watching` greets it, not `welcome`): it watches the room page's room without a name. */
  readonly #watch: boolean;
  #stopped = false;
  /** `start` was called: the tab has a player, and its socket is wanted. */
  #started = false;
  /** The socket open now is an early one (`?early=1`), not bound to a player yet. */
  #earlySocket = false;
  /** The early socket's id, as its greeting named it: a sign-up names it to get its token. */
  #earlyId: string | undefined;
  /**
   * `identify` was sent on the early socket and not answered yet. Requests go out on it
   * meanwhile, without waiting for `welcome`: the server holds them until the socket is bound
   * (a round trip saved on Start), and refuses them with the `identify` if it refuses that.
   */
  #binding = false;
  /** Sign-ups waiting for the early socket's greeting (`earlyReady`). */
  readonly #greeted = new Set<(id: string | undefined) => void>();

  constructor(options: { readonly watch?: boolean } = {}) {
    this.#watch = options.watch ?? false;
  }

  get status() {
    return this.#status;
  }

  get welcome() {
    return this.#welcome;
  }

  /**
   * The server refused an action as `unavailable` (it could not store it just now) and has not
   * acknowledged one since: the game resends it by itself (`OnlineGame`), the header says so.
   */
  get catchingUp() {
    return this.#catchingUp;
  }

  /** The server's clock, which is the only clock games are timed by. */
  serverNow(): number {
    return Date.now() + this.#offset;
  }

  /** The early socket's id while one is open and not bound: a sign-up names it (`SignUpBody.socket`). */
  get earlyId(): string | undefined {
    return this.#earlySocket ? this.#earlyId : undefined;
  }

  /**
   * The early socket's id once it is greeted: a sign-up made while it is still opening (Start
   * pressed at once) waits for it, as binding it saves a whole new socket after the sign-up.
   * Undefined when no early socket is open or opening, when it closes first, or after `waitMs`.
   */
  earlyReady(waitMs = EARLY_WAIT_MS): Promise<string | undefined> {
    if (!this.#earlySocket || this.#earlyId !== undefined) return Promise.resolve(this.earlyId);
    return new Promise((resolve) => {
      const done = (id: string | undefined) => {
        clearTimeout(timer);
        this.#greeted.delete(done);
        resolve(id);
      };
      const timer = setTimeout(() => done(undefined), waitMs);
      this.#greeted.add(done);
    });
  }

  start() {
    if (this.#started || this.#stopped) return;
    this.#started = true;
    addEventListener('online', this.#retryNow);
    document.addEventListener('visibilitychange', this.#onVisible);
    // An early socket being bound: its welcome makes this tab online, no second socket opens.
    if (this.#earlySocket && this.#binding) return;
    // One that nobody is binding (a player signed in some other way): the cookie's socket replaces it.
    this.closeEarly();
    this.#open();
  }

  /**
   * Opens an early socket (`/ws?early=1`) for a page with no player yet (a newcomer reading the
   * daily), so that Start does not wait for a socket: the sign-up that Start makes names it,
   * and `identify` binds it to the new player. Until then it carries nothing for the pages, and
   * if it drops, nothing reconnects it: `start` opens the player's socket as before.
   */
  openEarly() {
    if (this.#started || this.#stopped || this.#socket) return;
    this.#earlySocket = true;
    const socket = new WebSocket(earlySocketUrl(location));
    this.#socket = socket;
    // Once dropped (its token refused), what it still says (its held frames refused) is no one's.
    socket.onmessage = (e) => this.#socket === socket && this.#onMessage(e);
    socket.onclose = (e) => {
      if (this.#socket !== socket) return;
      // Bound: the player's socket, which reconnects as any does.
      if (!this.#earlySocket) return this.#onClose(socket, e);
      this.#dropEarly();
      if (this.#started) this.#open();
    };
  }

  /** The early socket, unless it is being bound, is closed (its page is gone before Start). */
  closeEarly() {
    if (!this.#earlySocket || this.#binding) return;
    const socket = this.#socket;
    this.#dropEarly();
    socket?.close();
  }

  /**
   * Binds the early socket to the player a sign-up just made, with the token its answer carried;
   * false (nothing sent) when there is no early socket open to bind.
   */
  identify(token: string): boolean {
    const socket = this.#socket;
    if (!this.#earlySocket || this.#earlyId === undefined || socket?.readyState !== WebSocket.OPEN) return false;
    this.#binding = true;
    socket.send(JSON.stringify({ type: 'identify', token } satisfies ClientMessage));
    // What was asked before Start follows it at once, as anything asked from now until `welcome` does.
    for (const pending of this.#pending.values()) this.#sendPending(pending);
    return true;
  }

  /** Closes the socket for good: nothing reconnects it (a visitor's page is gone, or was refused). */
  stop() {
    this.#stopped = true;
    clearTimeout(this.#timer);
    clearTimeout(this.#settle);
    const socket = this.#socket;
    this.#socket = undefined;
    this.#status = 'idle';
    this.#dropAnswers();
    socket?.close();
    removeEventListener('online', this.#retryNow);
    document.removeEventListener('visibilitychange', this.#onVisible);
  }

  send(message: ClientMessage): boolean {
    const open = this.#status === 'online' || (this.#earlySocket && this.#binding);
    if (!open || this.#socket?.readyState !== WebSocket.OPEN) return false;
    this.#socket.send(JSON.stringify(message));
    return true;
  }

  /**
   * Sends `message` with a request id of its own and settles with the first frame the server
   * sends in answer to it (which also goes on to the listeners, as any frame of its kind does), or
   * with the refusal (an error frame, which goes to no listener: it is this request's alone).
   */
  request(message: ClientMessage, options: RequestOptions = {}): Promise<Answer> {
    const { again = false, signal } = options;
    if (signal?.aborted) return new Promise(() => {});
    const rid = (this.#nextRid++).toString(36);
    return new Promise<Answer>((settle) => {
      const pending: Pending = { message: { ...message, rid }, again, settle };
      const sent = this.#sendPending(pending);
      if (!sent && !again) return settle(OFFLINE);
      this.#pending.set(rid, pending);
      signal?.addEventListener('abort', () => this.#pending.delete(rid), { once: true });
    });
  }

  /** Every frame of one type, whether it answers a request or was pushed; errors only when they answer none. */
  on<T extends ServerType>(type: T, fn: (frame: Frame<T>) => void): () => void {
    return this.listen((message) => {
      if (message.type === type) fn(message as Frame<T>);
    });
  }

  listen(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Runs `fn` now if online and again after every reconnection; returns the way to stop. */
  onReady(fn: () => void): () => void {
    this.#ready.add(fn);
    // Pages register from an effect: what `fn` reads (the status, the welcome, the page's game)
    // must not become that effect's dependencies, or each change to them (every game frame) would
    // run the effect, and `fn` with it, again: a room-join for each game frame, and a game frame
    // for each room-join, until the socket's budget ran out.
    untrack(() => {
      if (this.#status === 'online') fn();
    });
    return () => this.#ready.delete(fn);
  }

  /** Sends a request, and notes on which socket. */
  #sendPending(pending: Pending): boolean {
    if (pending.sentOn === this.#socket || !this.send(pending.message)) return false;
    pending.sentOn = this.#socket;
    return true;
  }

  #open() {
    clearTimeout(this.#timer);
    this.#status = this.#attempt === 0 ? 'connecting' : 'reconnecting';
    if (this.#stopped) return;
    const socket = new WebSocket(socketUrl(location, this.#owner, this.#watch));
    this.#socket = socket;
    socket.onmessage = (e) => this.#onMessage(e);
    socket.onclose = (e) => this.#onClose(socket, e);
  }

  #onClose(socket: WebSocket, e: CloseEvent) {
    if (this.#socket !== socket) return;
    // This device was signed out (from another one): start again as nobody.
    if (e.code === SIGNED_OUT) {
      location.reload();
      return;
    }
    // A visitor's socket refused (too many watchers, no such room): the error frame said why.
    if (e.code === WATCH_REFUSED) return this.stop();
    clearTimeout(this.#settle);
    this.#socket = undefined;
    this.#status = 'reconnecting';
    this.#catchingUp = false;
    this.#dropAnswers();
    // Another server process owns this room: go there now, no backoff. Only to a node named,
    // other than the one this tab was just sent to, and only first after a connection that
    // held: two processes that disagree must not bounce the tab between them without a pause.
    const owner = ownerFromClose(e.code, e.reason, location.pathname);
    const redirectNow =
      owner !== undefined && owner.node !== '' && owner.node !== this.#owner?.node && this.#attempt === 0;
    if (owner) this.#owner = owner;
    const delay = redirectNow ? 0 : reconnectDelay(this.#attempt);
    this.#attempt++;
    this.#timer = setTimeout(() => this.#open(), delay);
  }

  #onMessage(e: MessageEvent) {
    if (typeof e.data !== 'string') return;
    let message: ServerMessage;
    try {
      message = JSON.parse(e.data) as ServerMessage;
    } catch {
      return;
    }
    if (message.type === 'early') return this.#onEarly(message);
    if (message.type === 'error' && message.ref === 'identify' && this.#binding) return this.#bindRefused();
    if (message.type === 'welcome' || message.type === 'watching') this.#onWelcome(message);
    if (message.type === 'error' && message.code === 'unavailable') this.#catchingUp = true;
    else if (message.type === 'ack' || message.type === 'game') this.#catchingUp = false;
    if ('serverTime' in message && typeof message.serverTime === 'number') {
      this.#offset = message.serverTime - Date.now();
    }
    this.#dispatch(message);
  }

  #onEarly(message: Frame<'early'>) {
    const version = message.protocol as number;
    if (version !== PROTOCOL_VERSION && reloadForProtocol(version)) return;
    this.#earlyId = message.socket;
    this.#offset = message.serverTime - Date.now();
    for (const done of this.#greeted) done(message.socket);
  }

  /** The token did not bind the early socket: the player's own socket, by their cookie, replaces it. */
  #bindRefused() {
    this.#binding = false;
    const socket = this.#socket;
    this.#dropEarly();
    socket?.close();
    if (this.#started) this.#open();
  }

  #dropEarly() {
    if (!this.#earlySocket) return;
    this.#earlySocket = false;
    this.#earlyId = undefined;
    this.#binding = false;
    this.#socket = undefined;
    for (const done of this.#greeted) done(undefined);
    // Requests sent after its `identify` get no answer on it: asked again on the next socket, or offline.
    this.#dropAnswers();
  }

  #onWelcome(message: Greeting) {
    // The early socket is the player's now: from here on it is this tab's socket like any other.
    if (this.#earlySocket) {
      this.#earlySocket = false;
      this.#earlyId = undefined;
      this.#binding = false;
    }
    // A page older (or newer) than the server would misread its frames: fetch the app again.
    const version = message.protocol as number;
    if (version !== PROTOCOL_VERSION && reloadForProtocol(version)) return;
    if (message.type === 'welcome') this.#welcome = message;
    this.#status = 'online';
    clearTimeout(this.#settle);
    this.#settle = setTimeout(() => (this.#attempt = 0), SETTLED_MS);
    // Asked before this socket, sent after the pages' own resumes (a room-join), which the
    // server answers first; not what those resumes have just asked themselves.
    // An early socket carried some already, right after its `identify`: those are not sent twice.
    const waiting = [...this.#pending.values()];
    for (const fn of this.#ready) fn();
    for (const pending of waiting) this.#sendPending(pending);
  }

  #dispatch(message: ServerMessage) {
    const rid = 'rid' in message ? message.rid : undefined;
    const pending = rid === undefined ? undefined : this.#pending.get(rid);
    if (pending && rid !== undefined) {
      this.#pending.delete(rid);
      if (message.type === 'error') return pending.settle({ ok: false, refusal: message });
      pending.settle({ ok: true, frame: message });
    }
    for (const listener of this.#listeners) listener(message);
  }

  /** The socket is gone and the answers on it with it: asked again later, or settled as `offline`. */
  #dropAnswers() {
    for (const [rid, pending] of this.#pending) {
      if (pending.again) continue;
      this.#pending.delete(rid);
      pending.settle(OFFLINE);
    }
  }

  readonly #retryNow = () => {
    if (this.#status === 'reconnecting' && !this.#socket) this.#open();
  };

  readonly #onVisible = () => {
    if (document.visibilityState === 'visible') this.#retryNow();
  };
}

/** What a page needs of the tab's socket; tests hand in a fake. */
export type Link = Pick<
  Connection,
  'send' | 'request' | 'on' | 'listen' | 'onReady' | 'status' | 'welcome' | 'serverNow'
>;

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
