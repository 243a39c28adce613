import type { GameSnapshot, ServerMessage } from '@scorpion/protocol';
import { toGameState, toWireView } from '@scorpion/protocol';
import { applyMove, type GameState, type IllegalReason, type Move } from '@scorpion/rules';
import type { Connection } from '../net/connection.svelte.ts';
import { m } from '../paraglide/messages.js';
import type { Asked } from './asked.ts';
import { BoardLine } from './boardLine.ts';
import { follow, shownBy, withFaces } from './reveal.ts';
import { reportTab, type TabSource } from './tabReport.ts';

/** What a game needs of the socket; tests hand in a fake. */
export type GameLink = Pick<Connection, 'send' | 'request' | 'listen' | 'onReady'>;

type ErrorFrame = Extract<ServerMessage, { type: 'error' }>;
type AckFrame = Extract<ServerMessage, { type: 'ack' }>;

/** Moves made on this page that the server has not stored yet: how many, and since when. */
export interface Unsaved {
  readonly count: number;
  /** When the oldest of them was made (this page's clock, ms). */
  readonly since: number;
}

/** A move sent and not acknowledged yet, with the board it made: worked out once, when it was played. */
interface Sent {
  readonly move: Move;
  readonly after: GameState;
}

/** The last moves that waited, once the server stored them all. */
export interface Saved extends Unsaved {
  /** When the last of them was acknowledged. */
  readonly at: number;
}

/**
 * A game the server holds. The board shows the server's player view with this client's own
 * moves laid on top at once: each is played by the shared rules once, when it is made (they judge
 * it the same way the server will), and the board it makes is kept. An `ack` moves the snapshot
 * on to the oldest pending move's board with the faces the ack showed put in (`reveal.ts`), or
 * back and forth by an undo or a redo (to a board shown before: `BoardLine`), and a refusal rolls
 * the board back to what the server says.
 */
export class OnlineGame {
  #snapshot = $state.raw<GameSnapshot>() as GameSnapshot;
  /** The server's board, as the rules hold it. */
  #base = $state.raw<GameState>() as GameState;
  #pending = $state.raw<readonly Sent[]>([]);
  /** When the oldest pending move was made, and the server's move count then. */
  #unsavedFrom = $state.raw<{ since: number; seq: number } | undefined>();
  #saved = $state.raw<Saved | undefined>();
  readonly #now: () => number;
  #receivedAt = $state(0);
  #rejected = $state('');
  /** Counts refusals and acks, so that a refusal worded late never overwrites a later state. */
  #rejections = 0;
  /** Give up was pressed: kept until the server ends the game, across reconnections. */
  #givingUp = $state(false);
  /** The boards this game was shown, for the acks of undo and redo (plain, not reactive). */
  readonly #line = new BoardLine();
  /** The give-up went out on the socket open now (reset by every reconnection). */
  #giveUpSent = false;
  /** The server could not store an action just now (`unavailable`): the game is fetched again then. */
  #retry: ReturnType<typeof setTimeout> | undefined;
  /**
   * A `game-resume` for acks this page could not follow is on its way, and the furthest move
   * count such an ack named: one ask at a time, so that a run of them (moves sent on this
   * socket by something other than this game) costs the player's frame budget one ask, not one each.
   */
  #resuming = false;
  #heard = 0;
  #catchingUp = $state(false);
  readonly #connection: GameLink;
  readonly #stop: (() => void)[] = [];

  /** `now` is the clock pending moves are timed by (the tests' own); `tab` the page's (`reportTab`). */
  constructor(
    connection: GameLink,
    snapshot: GameSnapshot,
    now: () => number = Date.now,
    tab: TabSource | undefined = globalThis.document,
  ) {
    this.#connection = connection;
    this.#now = now;
    this.#accept(snapshot);
    this.#stop.push(connection.listen((message) => this.#onMessage(message)));
    this.#stop.push(reportTab(connection, this, tab));
    // After a reconnection, fetch the game again; unacknowledged moves are sent once more then.
    let first = true;
    this.#stop.push(
      connection.onReady(() => {
        this.#giveUpSent = false;
        // An ask on the old socket went with it; the resume below answers for it.
        this.#resuming = false;
        if (!first) connection.send({ type: 'game-resume', gameId: this.id });
        first = false;
      }),
    );
  }

  get id() {
    return this.#snapshot.gameId;
  }

  get kind() {
    return this.#snapshot.kind;
  }

  get snapshot() {
    return this.#snapshot;
  }

  /** The view to draw: the server's, or the board the last move still on its way made. */
  get view(): GameState {
    return this.#pending.at(-1)?.after ?? this.#base;
  }

  get over() {
    return this.#snapshot.status !== 'playing';
  }

  get moves() {
    return this.#snapshot.moves + this.#pending.length;
  }

  get busy() {
    return this.#pending.length > 0;
  }

  /** The moves shown on the board that the server has not acknowledged (stored) yet. */
  get unsaved(): Unsaved | undefined {
    const from = this.#unsavedFrom;
    return from && this.#pending.length > 0 ? { count: this.#pending.length, since: from.since } : undefined;
  }

  /** The last moves that waited for the server, once all of them were stored. */
  get saved(): Saved | undefined {
    return this.#saved;
  }

  /** Give up was pressed and the server has not ended the game yet (the socket may be down). */
  get givingUp() {
    return this.#givingUp && !this.over;
  }

  /**
   * The server could not save this game's last action (its database out of reach): the moves
   * stay pending on the board and go again by themselves; cleared once the server answers.
   */
  get catchingUp() {
    return this.#catchingUp;
  }

  /** Why the server last turned a move down, in words; cleared by the next ack. */
  get rejected() {
    return this.#rejected;
  }

  /** Elapsed game time on the server's clock at local time `now`. */
  elapsedAt(now: number): number {
    const s = this.#snapshot;
    if (s.status !== 'playing') return s.elapsedMs;
    return s.elapsedMs + Math.max(0, now - this.#receivedAt);
  }

  play(move: Move): IllegalReason | undefined {
    if (this.over || this.#givingUp) return 'game-over';
    const result = applyMove(this.view, move);
    if (!result.ok) return result.reason;
    const expect = this.#snapshot.seq + this.#pending.length;
    if (this.#pending.length === 0) this.#unsavedFrom ??= { since: this.#now(), seq: this.#snapshot.seq };
    this.#pending = [...this.#pending, { move, after: result.state }];
    this.#connection.send({ type: 'move', gameId: this.id, expect, move });
    return undefined;
  }

  /**
   * Undo and redo wait for the server: it keeps the history, and counts them as moves. `done`
   * when sent: there was a move to take back, none still on its way, and a socket to send on.
   */
  undo(): Asked {
    return this.#ask('undo', this.#snapshot.canUndo);
  }

  /** `done` when the redo was sent. */
  redo(): Asked {
    return this.#ask('redo', this.#snapshot.canRedo);
  }

  #ask(type: 'undo' | 'redo', can: boolean): Asked {
    if (this.#givingUp) return 'nothing';
    // The server's snapshot knows nothing yet of a move on its way: it comes first.
    if (this.busy) return 'busy';
    if (!can) return 'nothing';
    return this.#connection.send({ type, gameId: this.id, expect: this.#snapshot.seq }) ? 'done' : 'offline';
  }

  /**
   * Giving up is never lost to a dropped socket: pressed while reconnecting (or sent on a socket
   * that died before the server read it), it goes out again once the game is fetched anew, until
   * the server says the game is over. Moves the server has not stored are not sent again then.
   */
  giveUp() {
    if (this.over) return;
    this.#givingUp = true;
    this.#giveUpSent = true;
    void this.#connection.request({ type: 'give-up', gameId: this.id }).then((answer) => {
      if (answer.ok) return;
      const refusal = answer.refusal;
      if (refusal.type === 'offline') this.#giveUpSent = false;
      else if (refusal.code === 'unavailable') this.#later(refusal.retryAfter ?? 1);
      else {
        // A give-up the server turned down (and said why) may be pressed again.
        this.#givingUp = false;
        this.#onError(refusal);
      }
    });
  }

  dispose() {
    clearTimeout(this.#retry);
    for (const stop of this.#stop) stop();
  }

  /** `state` is the snapshot's board when it is known already (worked out here, not sent whole). */
  #accept(snapshot: GameSnapshot, state: GameState = toGameState(snapshot.view)) {
    this.#snapshot = snapshot;
    this.#base = state;
    this.#receivedAt = Date.now();
  }

  #onMessage(message: ServerMessage) {
    if (message.type === 'ack' && message.gameId === this.id) {
      this.#catchingUp = false;
      this.#onAck(message);
    } else if (message.type === 'game' && message.game.gameId === this.id) {
      this.#catchingUp = false;
      this.#resync(message.game);
    } else if (message.type === 'error' && message.gameId === this.id) {
      if (message.code === 'unavailable') this.#later(message.retryAfter ?? 1);
      else this.#onError(message);
    } else if (message.type === 'error' && message.code === 'rate-limited' && this.#resuming) {
      // The socket's budget ran out and a frame was dropped (the refusal says not which): ask again in a second.
      this.#resuming = false;
      this.#resumeIn(1);
    }
  }

  #onAck(ack: AckFrame) {
    this.#rejections++;
    this.#rejected = '';
    const advanced = ack.seq - this.#snapshot.seq;
    if (advanced <= 0) return;
    if (ack.game) {
      this.#line.reset();
      this.#accept(ack.game);
      // The oldest pending moves are the ones acknowledged; the rest still stand on top of them.
      this.#pending = this.#pending.slice(advanced);
      this.#stored();
      return;
    }
    // An undo or a redo is only sent with no move on its way, so its ack moves no pending move on.
    const back = ack.events.some((e) => e.type === 'undo');
    const stepped = back || ack.events.some((e) => e.type === 'redo');
    const stored = this.#pending[0];
    const view = advanced !== 1 ? undefined : stepped ? this.#line.step(this.#snapshot.view, back) : undefined;
    const before = this.#snapshot;
    if (view) {
      this.#accept({ ...before, ...ack.update, seq: ack.seq, view });
    } else if (advanced === 1 && !stepped && stored) {
      this.#line.moved(before.view);
      this.#settle(stored, ack);
    } else {
      // Out of step (a move this page did not send, an undo past the boards kept): the whole game puts it right.
      this.#catchUp(ack.seq);
    }
  }

  /** Asks for the whole game unless an ask is on its way; an ack heard meanwhile is asked for once it is answered. */
  #catchUp(seq: number) {
    this.#heard = Math.max(this.#heard, seq);
    if (this.#resuming) return;
    this.#resuming = this.#connection.send({ type: 'game-resume', gameId: this.id });
  }

  /**
   * The oldest pending move is stored: its board, with the faces the ack showed, is the server's
   * now; the moves after it keep their boards, with those faces put in where the cards went.
   */
  #settle(stored: Sent, ack: AckFrame) {
    let shown = shownBy(ack.events, this.#base, stored.after);
    const state = withFaces(stored.after, shown);
    this.#accept({ ...this.#snapshot, ...ack.update, seq: ack.seq, view: toWireView(state) }, state);
    let before = stored.after;
    this.#pending = this.#pending.slice(1).map((sent) => {
      const played = before;
      before = sent.after;
      if (shown.length === 0) return sent;
      shown = shown.map((card) => follow(card, sent.move, played));
      return { ...sent, after: withFaces(sent.after, shown) };
    });
    this.#stored();
  }

  /** A fresh snapshot (on resume): moves it already holds are dropped, the others resent. */
  #resync(snapshot: GameSnapshot) {
    this.#resuming = false;
    const applied = snapshot.seq - this.#snapshot.seq;
    const left = applied >= 0 ? this.#pending.slice(applied).map((sent) => sent.move) : [];
    this.#line.reset();
    this.#accept(snapshot);
    this.#pending = [];
    if (this.#givingUp) {
      this.#stored();
      if (snapshot.status === 'playing' && !this.#giveUpSent) this.giveUp();
      return;
    }
    // The moves sent again are still waiting since they were first made.
    for (const move of left) if (this.play(move)) break;
    this.#stored();
    // An ack came meanwhile for a move further on than this answer holds.
    if (this.#heard > this.#snapshot.seq) this.#catchUp(this.#heard);
  }

  /** Once no move is pending any more, the wait is over: what the server stored of it is saved. */
  #stored() {
    const from = this.#unsavedFrom;
    if (!from || this.#pending.length > 0) return;
    this.#unsavedFrom = undefined;
    const count = this.#snapshot.seq - from.seq;
    if (count > 0) this.#saved = { count, since: from.since, at: this.#now() };
  }

  /**
   * Nothing was stored, nothing is rolled back: the moves stay pending (a give-up stays pressed),
   * and after `seconds` the game is fetched again (one fetch for all the refusals of a burst),
   * which sends again whatever it does not hold yet (`#resync`), as after a reconnection.
   */
  #later(seconds: number) {
    this.#catchingUp = true;
    this.#giveUpSent = false;
    this.#resumeIn(seconds);
  }

  /** Fetches the game again after `seconds`: one fetch for all the asks meanwhile. */
  #resumeIn(seconds: number) {
    if (this.#retry !== undefined) return;
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      this.#resuming = this.#connection.send({ type: 'game-resume', gameId: this.id });
    }, seconds * 1000);
  }

  #onError(error: ErrorFrame) {
    this.#pending = [];
    // A refusal is an answer too: whatever was asked, the next ack that cannot be followed asks again.
    this.#resuming = false;
    // The refused move and those after it are not stored: the refusal says so, not "saved".
    this.#unsavedFrom = undefined;
    if (error.game) {
      this.#line.reset();
      this.#accept(error.game);
    }
    const asked = ++this.#rejections;
    if (error.code === 'stale') this.#rejected = m.game_moved_on();
    else {
      // The errors' words are fetched only when one is shown (lib/i18n/errors.ts).
      void import('../lib/i18n/errors.ts').then(({ errorText }) => {
        if (asked === this.#rejections) this.#rejected = errorText(error.code);
      });
    }
  }
}
