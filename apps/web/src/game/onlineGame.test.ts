import type { ClientMessage, GameSnapshot, ServerMessage, WireView } from '@scorpion/protocol';
import { applyMove, cardCode, type GameState, type Move, positionFromText, toPlayerView } from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { type GameLink, OnlineGame } from './onlineGame.svelte.ts';

function wire(state: GameState): WireView {
  const code = (c: number) => (c < 0 ? null : cardCode(c));
  const view = toPlayerView(state);
  return {
    variant: view.variant,
    options: view.options,
    columns: view.columns.map((col) => col.map(code)),
    hidden: [...view.hidden],
    stock: view.stock.length,
    reserve: view.reserve.map(cardCode),
    foundations: view.foundations.map((run) => run.map(cardCode)),
  };
}

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
    seed: null,
    record: null,
  };
}

class FakeLink implements GameLink {
  sent: ClientMessage[] = [];
  listeners = new Set<(m: ServerMessage) => void>();
  ready = new Set<() => void>();
  send(message: ClientMessage) {
    this.sent.push(message);
    return true;
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
    for (const l of this.listeners) l(message);
  }
  reconnect() {
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

describe('OnlineGame', () => {
  it('moves at once, sends the move with the seq it expects, and takes the ack', () => {
    const link = new FakeLink();
    const game = new OnlineGame(link, snapshot(start, 0));
    expect(game.play(first)).toBeUndefined();
    expect(game.view.columns[1]!.length).toBe(3);
    expect(link.sent).toEqual([{ type: 'move', gameId: 'g1', expect: 0, move: first }]);
    expect(game.moves).toBe(1);
    link.deliver({
      type: 'ack',
      gameId: 'g1',
      seq: 1,
      duplicate: false,
      events: [],
      game: snapshot(after(start, first), 1),
    });
    expect(game.busy).toBe(false);
    expect(game.view.columns[1]!.length).toBe(3);
  });

  it('refuses an illegal move locally with the rules reason, sending nothing', () => {
    const link = new FakeLink();
    const game = new OnlineGame(link, snapshot(start, 0));
    expect(game.play({ kind: 'move', from: 2, row: 0, to: 3 })).toBe('wrong-suit');
    expect(link.sent).toEqual([]);
  });

  it('rolls back to the server position when the server refuses', () => {
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
    expect(game.rejected).toBe('Slow down.');
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
});
