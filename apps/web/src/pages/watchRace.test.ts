import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { errorFrame, lastSent, onlineConnection, settle, socket, watchedBoard } from '../net/fakeSocket.ts';
import { WatchRacePanel } from './watchRace.svelte.ts';

const CODE = 'ABC234';

/** Bob's (`p2`) board as the server sends it to a watcher, `moves` moves in. */
function board(moves: number, patch: Record<string, unknown> = {}) {
  return {
    type: 'race-board',
    code: CODE,
    raceId: 'r1',
    playerId: 'p2',
    nickname: 'Bob',
    ...watchedBoard('g2', moves),
    ...patch,
  };
}

let panel: WatchRacePanel;

beforeEach(() => {
  panel = new WatchRacePanel(onlineConnection(`/r/${CODE}`), () => CODE);
});
afterEach(() => {
  panel.dispose();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

test('a watch asks for the racer; only their boards of this room are shown, the latest', () => {
  expect(socket().sent).toEqual([]);
  panel.toggle('p2');
  expect(lastSent()).toMatchObject({ type: 'race-watch', code: CODE, playerId: 'p2' });
  expect(panel.watching).toBe('p2');
  expect(panel.board).toBeUndefined();
  socket().deliver(board(3, { playerId: 'p3', nickname: 'Cy' }));
  socket().deliver(board(3, { code: 'DEF567' }));
  expect(panel.board).toBeUndefined();
  socket().deliver(board(3));
  socket().deliver(board(4));
  expect(panel.board?.moves).toBe(4);
});

test('pressed again, the watch stops: the server is told, and later boards are not shown', () => {
  panel.toggle('p2');
  socket().deliver(board(3));
  panel.toggle('p2');
  expect(lastSent()).toMatchObject({ type: 'race-watch', code: CODE, playerId: null });
  expect([panel.watching, panel.board]).toEqual([null, undefined]);
  socket().deliver(board(4));
  expect(panel.board).toBeUndefined();
});

test("a refused watch says why, by its own id, and watches nobody; another request's refusal is not said", async () => {
  panel.toggle('p2');
  const asked = lastSent();
  socket().deliver(errorFrame('someone-else', 'no-race', 'race-watch'));
  await settle();
  expect([panel.watching, panel.failure]).toEqual(['p2', '']);
  socket().deliver(errorFrame(asked.rid, 'still-racing', 'race-watch'));
  await settle();
  expect(panel.watching).toBeNull();
  await vi.waitFor(() => expect(panel.failure).toBe('Someone is still racing.'));
  panel.toggle('p2');
  expect(panel.failure).toBe('');
});

test('after a reconnection the same racer is asked for again on the new socket', async () => {
  vi.useFakeTimers();
  panel.toggle('p2');
  socket().close();
  await vi.advanceTimersByTimeAsync(10_000);
  socket().welcome();
  expect(socket().sent).toEqual([expect.objectContaining({ type: 'race-watch', code: CODE, playerId: 'p2' })]);
  expect(panel.watching).toBe('p2');
});
