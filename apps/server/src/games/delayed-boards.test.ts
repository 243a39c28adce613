import { dealFromSeed, legalMoves } from '@scorpion/rules';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { DelayedBoards, type Stamp, WATCH_CHECK_MS, WATCH_DELAY_MS } from './delayed-boards.ts';
import { LiveGame } from './live-game.ts';
import { newGameRow } from './new-row.ts';

const SEED = '81201ba5ff212996e194621a99ff73b3';
const options = { foundations: false, open: false };

/** A fresh game of the same deal for `playerId`. */
function gameOf(playerId: string): LiveGame {
  const deck = dealFromSeed('scorpion', SEED);
  const row = newGameRow(
    { playerId, kind: 'practice', variant: 'scorpion', options, seed: SEED, playerSeed: true, deck },
    0,
  );
  return new LiveGame(row, []);
}

/** Plays the game's first legal move. */
function move(game: LiveGame): void {
  game.replay({ seq: game.seq, action: legalMoves(game.state)[0]!, at: 0 });
}

interface Frame {
  readonly playerId: string;
  readonly seq: number;
}

let clock = 1_000_000;
let sent: [string, Frame & Stamp][] = [];
const allowed = new Set<string>();

function keeper(refused: 'wait' | 'unwatch'): DelayedBoards<Frame> {
  return new DelayedBoards<Frame>({
    now: () => clock,
    send: (watcher, board) => sent.push([watcher, board]),
    frame: (game) => ({ playerId: game.row.playerId, seq: game.seq }),
    maySee: (watcher) => allowed.has(watcher),
    refused,
  });
}

/** The timer's next look, after `ms` more on the server's clock. */
function later(ms: number): void {
  clock += ms;
  vi.advanceTimersByTime(WATCH_CHECK_MS);
}

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  allowed.clear();
});
afterEach(() => vi.useRealTimers());

test('a watcher is sent the newest position at least the delay old, once, stamped with when it was taken', () => {
  const boards = keeper('wait');
  const ann = gameOf('ann');
  allowed.add('cat');
  const watchedAt = clock;
  boards.watch('cat', 'ann', ann);
  later(WATCH_DELAY_MS - 1);
  expect(sent).toEqual([]);

  later(1);
  expect(sent).toEqual([['cat', { playerId: 'ann', seq: 0, asOf: watchedAt, serverTime: watchedAt + WATCH_DELAY_MS }]]);
  later(0);
  expect(sent).toHaveLength(1);

  // Two moves a second apart: once both are the delay old, only the newer one is shown.
  move(ann);
  boards.changed(ann);
  clock += 1000;
  move(ann);
  boards.changed(ann);
  const movedAt = clock;
  later(WATCH_DELAY_MS);
  expect(sent.slice(1)).toEqual([
    ['cat', { playerId: 'ann', seq: 2, asOf: movedAt, serverTime: movedAt + WATCH_DELAY_MS }],
  ]);

  // A game nobody watches is not kept.
  const ben = gameOf('ben');
  move(ben);
  boards.changed(ben);
  later(WATCH_DELAY_MS);
  expect(sent).toHaveLength(2);
  boards.stop();
});

test('a refused watcher waits when the owner says wait, and stops watching when it says unwatch', () => {
  const waiting = keeper('wait');
  const dropping = keeper('unwatch');
  const ann = gameOf('ann');
  waiting.watch('cat', 'ann', ann);
  dropping.watch('dan', 'ann', ann);
  later(WATCH_DELAY_MS);
  expect(sent).toEqual([]);
  expect(waiting.pairs()).toEqual([['cat', 'ann']]);
  expect(dropping.pairs()).toEqual([]);

  allowed.add('cat').add('dan');
  later(WATCH_CHECK_MS);
  expect(sent.map(([watcher, board]) => [watcher, board.seq])).toEqual([['cat', 0]]);
  waiting.stop();
  dropping.stop();
});

test('unwatching or stopping sends nothing more', () => {
  const boards = keeper('wait');
  const ann = gameOf('ann');
  allowed.add('cat').add('dan');
  boards.watch('cat', 'ann', ann);
  boards.watch('dan', 'ann', ann);
  boards.unwatch('cat');
  later(WATCH_DELAY_MS);
  expect(sent.map(([watcher]) => watcher)).toEqual(['dan']);

  boards.stop();
  move(ann);
  boards.changed(ann);
  later(WATCH_DELAY_MS);
  expect(sent).toHaveLength(1);
  expect(boards.pairs()).toEqual([]);
  expect(vi.getTimerCount()).toBe(0);
});

test('who is watched is known without a call: from the first watch until the last watcher leaves, or a stop', () => {
  const boards = keeper('wait');
  const ann = gameOf('ann');
  expect(boards.watched.has('ann')).toBe(false);
  boards.watch('cat', 'ann', ann);
  boards.watch('dan', 'ann', ann);
  expect([boards.watched.has('ann'), boards.watched.has('cat')]).toEqual([true, false]);
  boards.unwatch('cat');
  expect(boards.watched.has('ann')).toBe(true);
  // Dan turns to Ben: nobody watches Ann any more.
  boards.watch('dan', 'ben', gameOf('ben'));
  expect([boards.watched.has('ann'), boards.watched.has('ben')]).toEqual([false, true]);
  boards.stop();
  expect(boards.watched.has('ben')).toBe(false);
});
