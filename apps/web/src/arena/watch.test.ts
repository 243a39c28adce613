import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { Connection } from '../net/connection.svelte.ts';
import { errorFrame, lastSent, onlineConnection, settle, socket, watchedBoard } from '../net/fakeSocket.ts';
import { refusalText } from './text.ts';
import { ArenaWatch } from './watch.svelte.ts';

const ID = 'h-2026-12-06T13';
const bob = { id: 'p2', nickname: 'Bob' };
const cy = { id: 'p3', nickname: 'Cy' };

/** `player`'s board in arena `arenaId`, as the server sends it a few seconds behind. */
function boardOf(player: { id: string; nickname: string }, moves: number, arenaId = ID) {
  return { type: 'arena-board', arenaId, player, deal: 2, ...watchedBoard(`g-${player.id}`, moves) };
}

let connection: Connection;
let watch: ArenaWatch;
beforeEach(() => {
  connection = onlineConnection(`/a/${ID}`);
  watch = new ArenaWatch(connection, ID);
});
afterEach(() => {
  watch.dispose();
  vi.useRealTimers();
});

test('watching a player asks for their board and shows only theirs, of this arena', async () => {
  expect(socket().sent).toEqual([]);
  watch.watch(bob.id);
  expect(lastSent()).toMatchObject({ type: 'arena-watch', arenaId: ID, playerId: bob.id });
  expect(watch.watching).toBe(bob.id);
  expect(watch.board).toBeUndefined();
  socket().deliver(boardOf(cy, 4));
  socket().deliver(boardOf(bob, 9, 'h-2026-12-06T14'));
  expect(watch.board).toBeUndefined();
  socket().deliver(boardOf(bob, 7));
  expect(watch.board?.moves).toBe(7);

  // Another player: the last one's board goes at once, theirs comes with its frame.
  watch.watch(cy.id);
  expect(lastSent()).toMatchObject({ type: 'arena-watch', playerId: cy.id });
  expect(watch.board).toBeUndefined();
  socket().deliver(boardOf(bob, 8));
  expect(watch.board).toBeUndefined();
  socket().deliver(boardOf(cy, 5));
  expect(watch.board?.player.id).toBe(cy.id);
});

test("a refused watch says why in the player's words and watches nobody", async () => {
  watch.watch(bob.id);
  socket().deliver(errorFrame(lastSent().rid, 'not-racing', 'arena-watch'));
  await settle();
  expect(watch.failure).toBe(refusalText('not-racing', 'refused: not-racing'));
  expect(watch.watching).toBeNull();
  socket().deliver(boardOf(bob, 3));
  expect(watch.board).toBeUndefined();
  // The next try clears it.
  watch.watch(cy.id);
  expect(watch.failure).toBe('');
});

test('a new socket watches the same player again; leaving the page stops the watch', async () => {
  vi.useFakeTimers();
  watch.watch(bob.id);
  const first = socket();
  first.close();
  await vi.advanceTimersByTimeAsync(60_000);
  expect(socket()).not.toBe(first);
  socket().welcome();
  expect(socket().sent).toEqual([expect.objectContaining({ type: 'arena-watch', arenaId: ID, playerId: bob.id })]);
  watch.dispose();
  expect(lastSent()).toMatchObject({ type: 'arena-watch', arenaId: ID, playerId: null });
});

test('stopping asks for no board and sends nothing when the page is left', () => {
  watch.watch(bob.id);
  watch.watch(null);
  expect(lastSent()).toMatchObject({ type: 'arena-watch', playerId: null });
  const sent = socket().sent.length;
  watch.dispose();
  expect(socket().sent.length).toBe(sent);
});
