import type { ClientMessage, GameSnapshot, ServerMessage } from '@scorpion/protocol';
import { toWireView } from '@scorpion/protocol';
import { dealFromSeed, newGame, toPlayerView } from '@scorpion/rules';
import { describe, expect, it, vi } from 'vitest';
import type { Answer } from '../net/connection.svelte.ts';
import { gameSnapshot } from '../net/fakeSocket.ts';
import { fits, type PracticeLink, ServerPractice } from './serverPractice.svelte.ts';

const SEED = '0123456789abcdef0123456789abcdef';
const options = { foundations: false, open: false };

function practice(gameId: string, extra: Partial<GameSnapshot> = {}): GameSnapshot {
  const view = toWireView(toPlayerView(newGame('scorpion', options, dealFromSeed('scorpion', SEED))));
  return gameSnapshot(gameId, 'practice', { view, faceDown: 0, ...extra });
}

class FakeLink implements PracticeLink {
  sent: ClientMessage[] = [];
  online = true;
  welcome: PracticeLink['welcome'];
  listeners = new Set<(m: ServerMessage) => void>();
  ready = new Set<() => void>();
  /** Requests not answered yet: the fake server answers them by their type, the real one by their rid. */
  asked: { type: string; settle: (answer: Answer) => void }[] = [];
  constructor(games: { gameId: string; kind: 'practice' | 'daily' }[] = []) {
    this.welcome = {
      type: 'welcome',
      protocol: 1 as never,
      player: { id: 'p1', nickname: 'Ann' },
      serverTime: 0,
      games: games.map((g) => ({ ...g, roomCode: null })),
      rooms: [],
    };
  }
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
    if (this.online) fn();
    return () => this.ready.delete(fn);
  }
  deliver(message: ServerMessage) {
    if (message.type === 'error') {
      const answered = this.asked.findIndex((a) => a.type === message.ref);
      if (answered >= 0) return this.asked.splice(answered, 1)[0]!.settle({ ok: false, refusal: message });
    }
    for (const l of [...this.listeners]) l(message);
  }
  reconnect() {
    this.online = true;
    // What the old socket was asked went with it, as the real connection says.
    for (const a of this.asked.splice(0)) a.settle({ ok: false, refusal: { type: 'offline' } });
    for (const fn of [...this.ready]) fn();
  }
}

describe('ServerPractice', () => {
  it('asks the server to deal, without a seed when none was chosen, and plays the game it sends', () => {
    const link = new FakeLink();
    const p = new ServerPractice(link, { variant: 'scorpion', options });
    expect(link.sent).toEqual([{ type: 'practice-start', variant: 'scorpion', options }]);
    link.deliver({ type: 'game', game: practice('g1') });
    expect(p.game?.id).toBe('g1');
  });

  it('sends a chosen seed along, and takes only a game on that seed', () => {
    const link = new FakeLink();
    const p = new ServerPractice(link, { variant: 'scorpion', options, seed: SEED });
    expect(link.sent).toEqual([{ type: 'practice-start', variant: 'scorpion', options, seed: SEED }]);
    link.deliver({ type: 'game', game: practice('other') });
    expect(p.game).toBeUndefined();
    link.deliver({ type: 'game', game: practice('g1', { seed: SEED }) });
    expect(p.game?.id).toBe('g1');
  });

  it('comes back to the practice game in play when it fits the deal, and deals anew when it does not', () => {
    const link = new FakeLink([
      { gameId: 'd1', kind: 'daily' },
      { gameId: 'g0', kind: 'practice' },
    ]);
    const p = new ServerPractice(link, { variant: 'scorpion', options });
    expect(link.sent).toEqual([{ type: 'game-resume', gameId: 'g0' }]);
    link.deliver({ type: 'game', game: practice('g0', { seq: 5 }) });
    expect(p.game?.id).toBe('g0');

    const other = new FakeLink([{ gameId: 'g0', kind: 'practice' }]);
    const q = new ServerPractice(other, { variant: 'scorpion', options, seed: SEED });
    other.deliver({ type: 'game', game: practice('g0', { seq: 5, seed: 'f'.repeat(32) }) });
    expect(q.game).toBeUndefined();
    expect(other.sent.at(-1)).toEqual({ type: 'practice-start', variant: 'scorpion', options, seed: SEED });
  });

  it('asks again after a reconnection until answered, and says why a deal was refused', async () => {
    const link = new FakeLink();
    link.online = false;
    const p = new ServerPractice(link, { variant: 'scorpion', options });
    expect(link.sent).toEqual([]);
    link.reconnect();
    link.reconnect();
    expect(link.sent).toHaveLength(2);
    link.deliver({
      type: 'error',
      code: 'bad-message',
      message: 'No.',
      ref: 'practice-start',
      gameId: null,
      reason: null,
      game: null,
    });
    // The refusal is the request's answer, which settles a moment later, in the player's words.
    await vi.waitFor(() =>
      expect(p.failure).toBe('The app sent something the server could not read. Reload the page.'),
    );
    expect(p.game).toBeUndefined();
  });

  it('a new deal gives up the game in play, and a given-up frame is no answer to it', () => {
    const link = new FakeLink();
    const p = new ServerPractice(link, { variant: 'scorpion', options, seed: SEED });
    link.deliver({ type: 'game', game: practice('g1', { seed: SEED }) });
    p.deal({ variant: 'scorpion', options, seed: SEED });
    expect(link.sent.slice(1)).toEqual([
      { type: 'give-up', gameId: 'g1' },
      { type: 'practice-start', variant: 'scorpion', options, seed: SEED },
    ]);
    link.deliver({ type: 'game', game: practice('g1', { seed: SEED, status: 'gave-up' }) });
    expect(p.game).toBeUndefined();
    link.deliver({ type: 'game', game: practice('g2', { seed: SEED }) });
    expect(p.game?.id).toBe('g2');
  });

  it('a game fits a deal by variant, options and, when one was chosen, seed', () => {
    expect(fits({ variant: 'scorpion', options }, practice('g', { seed: SEED }))).toBe(true);
    expect(fits({ variant: 'wasp', options }, practice('g'))).toBe(false);
    expect(fits({ variant: 'scorpion', options: { foundations: true, open: false } }, practice('g'))).toBe(false);
    expect(fits({ variant: 'scorpion', options, seed: SEED }, practice('g'))).toBe(false);
  });
});
