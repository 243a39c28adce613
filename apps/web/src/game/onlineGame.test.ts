import {
  type ClientMessage,
  type GameSnapshot,
  type GameUpdate,
  type ServerMessage,
  toGameState,
  toWireEvents,
  toWireView,
  type WireView,
} from '@scorpion/protocol';
import { applyMove, type GameState, type Move, positionFromText, toPlayerView } from '@scorpion/rules';
import { describe, expect, it, vi } from 'vitest';
import type { Answer } from '../net/connection.svelte.ts';
import { type GameLink, OnlineGame } from './onlineGame.svelte.ts';

// The rules as they are, with their `applyMove` counted: a move is played once on this client.
vi.mock('@scorpion/rules', async (importOriginal) => {
  const rules = await importOriginal<typeof import('@scorpion/rules')>();
  return { ...rules, applyMove: vi.fn(rules.applyMove) };
});

const wire = (state: GameState): WireView => toWireView(toPlayerView(state));

function snapshot(state: GameState, seq: number): GameSnapshot {
  return {
    gameId: 'g1',
    kind: 'daily',
    ranked: true,
    seq,
    view: wire(state),
    status: 'playing',
    stuck: false,
    canUndo: seq > 0,
    canRedo: false,
    moves: seq,
    undos: 0,
    progress: 0,
    faceDown: 0,
    elapsedMs: 1000,
    serverTime: 0,
    daily: { date: '2026-11-22', day: 326 },
    roomCode: null,
    raceId: null,
    arena: null,
    hints: 0,
    seed: null,
    record: null,
  };
}

class FakeLink implements GameLink {
  sent: ClientMessage[] = [];
  /** Off: the socket is down (reconnecting), and nothing is sent. */
  online = true;
  listeners = new Set<(m: ServerMessage) => void>();
  ready = new Set<() => void>();
  /** Requests not answered yet: the fake server answers them by their type, the real one by their rid. */
  asked: { type: string; settle: (answer: Answer) => void }[] = [];
  send(message: ClientMessage) {
    if (this.online) this.sent.push(message);
    return this.online;
  }
  request(message: ClientMessage): Promise<Answer> {
    if (!this.send(message)) return Promise.resolve({ ok: false, refusal: { type: 'offline' } });
    return new Promise((settle) => this.asked.push({ type: message.type, settle }));
  }
  listen(listener: (m: ServerMessage) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  onReady(fn: () => void) {
    this.ready.add(fn);
    fn();
    return () => this.ready.delete(fn);
  }
  deliver(message: ServerMessage) {
    if (message.type === 'error') {
      const answered = this.asked.findIndex((a) => a.type === message.ref);
      if (answered >= 0) return this.asked.splice(answered, 1)[0]!.settle({ ok: false, refusal: message });
    }
    for (const l of this.listeners) l(message);
  }
  reconnect() {
    // What the old socket was asked went with it, as the real connection says.
    for (const a of this.asked.splice(0)) a.settle({ ok: false, refusal: { type: 'offline' } });
    for (const fn of this.ready) fn();
  }
}

const start = positionFromText('scorpion', 'ac 9H | 8S TH | 5S | 7H', { stock: 'AS 2S 3S' });
const first: Move = { kind: 'move', from: 0, row: 1, to: 1 };
const after = (state: GameState, move: Move) => {
  const r = applyMove(state, move);
  if (!r.ok) throw new Error(r.reason);
  return r.state;
};

/** What an ack says besides the board, for `state` at `seq`. */
function updateOf(state: GameState, seq: number): GameUpdate {
  const { status, stuck, canUndo, canRedo, moves, undos, progress, faceDown, elapsedMs, serverTime } = snapshot(
    state,
    seq,
  );
  return { status, stuck, canUndo, canRedo, moves, undos, progress, faceDown, elapsedMs, serverTime };
}

/** The small ack the server sends for `move` played at `seq - 1` on the full `state`. */
function ackFor(state: GameState, move: Move, seq: number): ServerMessage {
  const r = applyMove(state, move);
  if (!r.ok) throw new Error(r.reason);
  const update = updateOf(r.state, seq);
  return {
    type: 'ack',
    gameId: 'g1',
    seq,
    duplicate: false,
    events: toWireEvents(r.events),
    update,
    game: null,
    race: null,
  };
}

/** The small ack of an undo or a redo that led to `state` at `seq`: no board, no card. */
function backAck(kind: 'undo' | 'redo', state: GameState, seq: number): ServerMessage {
  const update = { ...updateOf(state, seq), canRedo: kind === 'undo' };
  return { type: 'ack', gameId: 'g1', seq, duplicate: false, events: [{ type: kind }], update, game: null, race: null };
}

describe('OnlineGame', () => {
  it('plays each move by the rules once, when it is made: not again to draw the board, nor on its ack', () => {
    const link = new FakeLink();
    const game = new OnlineGame(link, snapshot(start, 0));
    const deal: Move = { kind: 'deal' };
    const acks = [ackFor(start, first, 1), ackFor(after(start, first), deal, 2)];
    const end = toGameState(snapshot(after(after(start, first), deal), 2).view);
    const played = vi.mocked(applyMove).mock.calls.length;
    game.play(first);
    game.play(deal);
    for (let i = 0; i < 3; i++) expect(game.view.columns[0]!.length).toBe(2);
    for (const ack of acks) link.deliver(ack);
    expect(game.view).toEqual(end);
    expect(vi.mocked(applyMove).mock.calls.length - played).toBe(2);
  });

  it('puts the faces an ack shows on the boards of the moves still on their way, where those moves took the cards', () => {
    // Column 1 is `KS TH`: the deal puts a spade on it, and moving TH onto JH carries that card along.
    const position = positionFromText('scorpion', '9H | KS TH | 5S | JH', { stock: 'AS 2S 3S' });
    const deal: Move = { kind: 'deal' };
    const carry: Move = { kind: 'move', from: 1, row: 1, to: 3 };
    const dealt = after(position, deal);
    const link = new FakeLink();
    const game = new OnlineGame(link, snapshot(position, 0));
    game.play(deal);
    expect(game.play(carry)).toBeUndefined();
    link.deliver(ackFor(position, deal, 1));
    // The deal's cards are known now, the two-of-spades already where the pending move took it.
    expect(game.view).toEqual(toGameState(wire(after(dealt, carry))));
    link.deliver(ackFor(dealt, carry, 2));
    expect(game.snapshot).toEqual(snapshot(after(dealt, carry), 2));
  });

  it('moves at once, sends the move with the seq it expects, and takes the ack', () => {
    const link = new FakeLink();
    const game = new OnlineGame(link, snapshot(start, 0));
    expect(game.play(first)).toBeUndefined();
    expect(game.view.columns[1]!.length).toBe(3);
    expect(link.sent).toEqual([{ type: 'move', gameId: 'g1', expect: 0, move: first }]);
    expect(game.moves).toBe(1);
    link.deliver(ackFor(start, first, 1));
    expect(game.busy).toBe(false);
    expect(game.snapshot).toEqual(snapshot(after(start, first), 1));
    expect(game.view.columns[1]!.length).toBe(3);
  });

  it('says why an undo was not sent: a move still on its way, or no socket', () => {
    const link = new FakeLink();
    const game = new OnlineGame(link, snapshot(start, 0));
    expect(game.undo()).toBe('nothing');
    game.play(first);
    expect(game.undo()).toBe('busy');
    link.deliver(ackFor(start, first, 1));
    link.online = false;
    expect(game.undo()).toBe('offline');
    expect(link.sent).toEqual([{ type: 'move', gameId: 'g1', expect: 0, move: first }]);
    link.online = true;
    expect(game.undo()).toBe('done');
    expect(link.sent.at(-1)).toEqual({ type: 'undo', gameId: 'g1', expect: 1 });
  });

  it('learns from the small ack the card its move turned over, and the deal it made', () => {
    const link = new FakeLink();
    const game = new OnlineGame(link, snapshot(start, 0));
    // Column 1 is `ac 9H`: moving 9H turns the Ace of clubs over.
    const turning: Move = { kind: 'move', from: 0, row: 1, to: 1 };
    game.play(turning);
    expect(game.view.columns[0]).toEqual([-1]);
    link.deliver(ackFor(start, turning, 1));
    const turned = after(start, turning);
    expect(game.snapshot.view).toEqual(wire(turned));
    expect(game.view.columns[0]).toEqual([0]);

    game.play({ kind: 'deal' });
    link.deliver(ackFor(turned, { kind: 'deal' }, 2));
    expect(game.snapshot.view).toEqual(wire(after(turned, { kind: 'deal' })));
    expect(game.snapshot.seq).toBe(2);
  });

  it("takes an undo's and a redo's small ack to the boards it was shown, and asks for the game when it has none", () => {
    const link = new FakeLink();
    const game = new OnlineGame(link, snapshot(start, 0));
    // Column 1 is `ac 9H`: moving 9H turns the Ace of clubs over; the undo hides it again.
    const turning: Move = { kind: 'move', from: 0, row: 1, to: 1 };
    game.play(turning);
    link.deliver(ackFor(start, turning, 1));
    const turned = after(start, turning);
    expect(game.undo()).toBe('done');
    link.deliver(backAck('undo', start, 2));
    expect(game.snapshot.view).toEqual(wire(start));
    expect(game.view.columns[0]).toEqual([-1, 34]);
    expect(game.snapshot.seq).toBe(2);
    expect(game.redo()).toBe('done');
    link.deliver(backAck('redo', turned, 3));
    expect(game.snapshot.view).toEqual(wire(turned));
    expect(link.sent.filter((m) => m.type === 'game-resume')).toEqual([]);
    // After a resume nothing before it is known: an undo's ack then brings the whole game.
    link.deliver({ type: 'game', game: snapshot(turned, 3) });
    game.undo();
    link.deliver(backAck('undo', start, 4));
    expect(link.sent.at(-1)).toEqual({ type: 'game-resume', gameId: 'g1' });
    expect(game.snapshot.seq).toBe(3);
  });

  it('asks for the whole game when an ack does not follow from its own moves', () => {
    const link = new FakeLink();
    const game = new OnlineGame(link, snapshot(start, 0));
    link.deliver(ackFor(start, first, 1));
    expect(link.sent).toEqual([{ type: 'game-resume', gameId: 'g1' }]);
    expect(game.snapshot.seq).toBe(0);
    link.deliver({ type: 'game', game: snapshot(after(start, first), 1) });
    expect(game.snapshot.seq).toBe(1);
  });

  it('follows a run of acks for moves it did not send with one ask at a time, and ends where the last ack is', () => {
    // Each ack asked for the game once: a run of 50 moves cost the player's budget 50 more frames,
    // the socket refused some past 20 a second, and the page was left behind the game.
    const link = new FakeLink();
    const game = new OnlineGame(link, snapshot(start, 0));
    const resumes = () => link.sent.filter((m) => m.type === 'game-resume').length;
    for (const seq of [1, 2, 3]) link.deliver(ackFor(start, first, seq));
    expect(resumes()).toBe(1);
    // The answer was made before moves 2 and 3: one more ask, for them.
    link.deliver({ type: 'game', game: snapshot(after(start, first), 1) });
    expect(resumes()).toBe(2);
    link.deliver(ackFor(start, first, 4));
    expect(resumes()).toBe(2);
    link.deliver({ type: 'game', game: snapshot(start, 4) });
    expect(game.snapshot.seq).toBe(4);
    expect(resumes()).toBe(2);
  });

  it('asks again a second later when the socket dropped its ask for want of budget', () => {
    vi.useFakeTimers();
    try {
      const link = new FakeLink();
      const game = new OnlineGame(link, snapshot(start, 0));
      const resumes = () => link.sent.filter((m) => m.type === 'game-resume').length;
      link.deliver(ackFor(start, first, 1));
      expect(resumes()).toBe(1);
      // The refusal names no frame: the ask on its way is taken as the one dropped.
      const limited = { type: 'error', code: 'rate-limited', message: 'Too many messages: slow down.' } as const;
      link.deliver({ ...limited, ref: null, gameId: null, reason: null, game: null });
      expect(resumes()).toBe(1);
      vi.advanceTimersByTime(1000);
      expect(resumes()).toBe(2);
      link.deliver({ type: 'game', game: snapshot(after(start, first), 1) });
      expect(game.snapshot.seq).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a move the server could not store pending, says it is catching up, and sends it again after retryAfter', () => {
    vi.useFakeTimers();
    try {
      const link = new FakeLink();
      const game = new OnlineGame(link, snapshot(start, 0));
      game.play(first);
      const refused: ServerMessage = {
        type: 'error',
        code: 'unavailable',
        message: 'The server cannot save just now; nothing was changed. Sent again in a moment.',
        ref: 'move',
        gameId: 'g1',
        reason: null,
        game: null,
        retryAfter: 1,
      };
      link.deliver(refused);
      expect(game.catchingUp).toBe(true);
      expect(game.busy).toBe(true);
      expect(game.view.columns[1]!.length).toBe(3);
      expect(game.rejected).toBe('');
      vi.advanceTimersByTime(999);
      expect(link.sent).toEqual([{ type: 'move', gameId: 'g1', expect: 0, move: first }]);
      vi.advanceTimersByTime(1);
      // The game as the server holds it first: what it lacks is sent again on top of it.
      expect(link.sent.at(-1)).toEqual({ type: 'game-resume', gameId: 'g1' });
      link.deliver({ type: 'game', game: snapshot(start, 0) });
      expect(game.catchingUp).toBe(false);
      expect(link.sent.at(-1)).toEqual({ type: 'move', gameId: 'g1', expect: 0, move: first });
      link.deliver(ackFor(start, first, 1));
      expect(game.busy).toBe(false);
      expect(game.snapshot.seq).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts the moves waiting to be saved while the socket is down, since the first, and says when they were saved', () => {
    const link = new FakeLink();
    let now = 1_000;
    const game = new OnlineGame(link, snapshot(start, 0), () => now);
    link.online = false;
    game.play(first);
    now = 4_000;
    game.play({ kind: 'deal' });
    expect(game.unsaved).toEqual({ count: 2, since: 1_000 });
    expect(game.saved).toBeUndefined();

    // Back online: the game comes anew without them, they are sent again, still waiting since the first.
    link.online = true;
    link.reconnect();
    now = 9_000;
    link.deliver({ type: 'game', game: snapshot(start, 0) });
    expect(game.unsaved).toEqual({ count: 2, since: 1_000 });
    link.deliver(ackFor(start, first, 1));
    expect(game.unsaved).toEqual({ count: 1, since: 1_000 });
    now = 9_500;
    link.deliver(ackFor(after(start, first), { kind: 'deal' }, 2));
    expect(game.unsaved).toBeUndefined();
    expect(game.saved).toEqual({ count: 2, since: 1_000, at: 9_500 });
  });

  it('does not call saved the moves the server refused', () => {
    const link = new FakeLink();
    const game = new OnlineGame(link, snapshot(start, 0), () => 5);
    game.play(first);
    link.deliver({
      type: 'error',
      code: 'stale',
      message: 'The game is at 0, not 1.',
      ref: 'move',
      gameId: 'g1',
      reason: null,
      game: snapshot(start, 0),
    });
    expect(game.unsaved).toBeUndefined();
    expect(game.saved).toBeUndefined();
  });

  it('refuses an illegal move locally with the rules reason, sending nothing', () => {
    const link = new FakeLink();
    const game = new OnlineGame(link, snapshot(start, 0));
    expect(game.play({ kind: 'move', from: 2, row: 0, to: 3 })).toBe('wrong-suit');
    expect(link.sent).toEqual([]);
  });

  it('rolls back to the server position when the server refuses', async () => {
    const link = new FakeLink();
    const game = new OnlineGame(link, snapshot(start, 0));
    game.play(first);
    link.deliver({
      type: 'error',
      code: 'rate-limited',
      message: 'Slow down.',
      ref: 'move',
      gameId: 'g1',
      reason: null,
      game: null,
    });
    expect(game.view.columns[1]!.length).toBe(2);
    // Worded by its code, in the player's language, not by the server's English message.
    await vi.waitFor(() => expect(game.rejected).toBe('Too many requests: wait a moment and try again.'));
  });

  it('says in words that the game moved on elsewhere when a move was played on an old board', () => {
    const link = new FakeLink();
    const game = new OnlineGame(link, snapshot(start, 0));
    game.play(first);
    // Another tab had played the first move already: this tab's copy of it comes back stale.
    const elsewhere = after(start, first);
    link.deliver({
      type: 'error',
      code: 'stale',
      message: 'The game is at 1, not 0.',
      ref: 'move',
      gameId: 'g1',
      reason: null,
      game: snapshot(elsewhere, 1),
    });
    expect(game.snapshot.seq).toBe(1);
    expect(game.rejected).toBe('Your game moved on in another tab or device: this is where it stands now.');
  });

  it('after a reconnection, resends only the moves the server has not stored', () => {
    const link = new FakeLink();
    const game = new OnlineGame(link, snapshot(start, 0));
    game.play(first);
    game.play({ kind: 'deal' });
    link.sent = [];
    link.reconnect();
    expect(link.sent).toEqual([{ type: 'game-resume', gameId: 'g1' }]);
    // The server had stored the first move before the drop.
    link.deliver({ type: 'game', game: snapshot(after(start, first), 1) });
    expect(link.sent[1]).toEqual({ type: 'move', gameId: 'g1', expect: 1, move: { kind: 'deal' } });
    expect(game.view.stock.length).toBe(0);
  });

  it('keeps a give-up pressed while reconnecting and sends it once the game is fetched again', () => {
    const link = new FakeLink();
    const game = new OnlineGame(link, snapshot(start, 0));
    game.play(first);
    link.online = false;
    game.giveUp();
    expect(game.givingUp).toBe(true);
    // Nothing more is played on a game being given up.
    expect(game.play({ kind: 'deal' })).toBe('game-over');
    expect(game.undo()).toBe('nothing');

    link.online = true;
    link.sent = [];
    link.reconnect();
    expect(link.sent).toEqual([{ type: 'game-resume', gameId: 'g1' }]);
    link.deliver({ type: 'game', game: snapshot(start, 0) });
    // A second copy of the game (a race's room-join also sends one) sends no second give-up.
    link.deliver({ type: 'game', game: snapshot(start, 0) });
    expect(link.sent).toEqual([
      { type: 'game-resume', gameId: 'g1' },
      { type: 'give-up', gameId: 'g1' },
    ]);
    link.deliver({ type: 'game', game: { ...snapshot(start, 0), status: 'gave-up' } });
    expect(game.over).toBe(true);
    expect(game.givingUp).toBe(false);
  });

  it('sends a give-up again after a reconnection when the socket died before the server read it', () => {
    const link = new FakeLink();
    const game = new OnlineGame(link, snapshot(start, 0));
    game.giveUp();
    expect(link.sent).toEqual([{ type: 'give-up', gameId: 'g1' }]);
    link.sent = [];
    link.reconnect();
    link.deliver({ type: 'game', game: snapshot(start, 0) });
    expect(link.sent).toEqual([
      { type: 'game-resume', gameId: 'g1' },
      { type: 'give-up', gameId: 'g1' },
    ]);
  });

  it('sends no give-up again when the server had ended the game before the drop', () => {
    const link = new FakeLink();
    const game = new OnlineGame(link, snapshot(start, 0));
    game.giveUp();
    link.sent = [];
    link.reconnect();
    link.deliver({ type: 'game', game: { ...snapshot(start, 0), status: 'gave-up' } });
    expect(link.sent).toEqual([{ type: 'game-resume', gameId: 'g1' }]);
    expect(game.over).toBe(true);
  });

  it('keeps a give-up the server could not store, and sends it again once the game is fetched anew', async () => {
    vi.useFakeTimers();
    try {
      const link = new FakeLink();
      const game = new OnlineGame(link, snapshot(start, 0));
      game.giveUp();
      link.deliver({
        type: 'error',
        code: 'unavailable',
        message: 'The server cannot save just now; nothing was changed.',
        ref: 'give-up',
        gameId: 'g1',
        reason: null,
        game: null,
        retryAfter: 1,
      });
      await Promise.resolve();
      expect(game.catchingUp).toBe(true);
      expect(game.givingUp).toBe(true);
      vi.advanceTimersByTime(1000);
      expect(link.sent.at(-1)).toEqual({ type: 'game-resume', gameId: 'g1' });
      link.deliver({ type: 'game', game: snapshot(start, 0) });
      expect(link.sent.at(-1)).toEqual({ type: 'give-up', gameId: 'g1' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets a give-up the server turned down be pressed again', async () => {
    const link = new FakeLink();
    const game = new OnlineGame(link, snapshot(start, 0));
    game.giveUp();
    link.deliver({
      type: 'error',
      code: 'not-started',
      message: 'The race has not started yet.',
      ref: 'give-up',
      gameId: 'g1',
      reason: null,
      game: null,
    });
    // The refusal is the give-up's own answer, which settles a moment later.
    await Promise.resolve();
    expect(game.givingUp).toBe(false);
    await vi.waitFor(() => expect(game.rejected).toBe('The race has not started yet.'));
  });
});
