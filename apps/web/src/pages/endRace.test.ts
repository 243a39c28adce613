import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { errorFrame, lastSent, onlineConnection, roomState, settle, socket } from '../net/fakeSocket.ts';
import { EndRacePanel } from './endRace.svelte.ts';

const CODE = 'ABC234';

let panel: EndRacePanel;

beforeEach(() => {
  panel = new EndRacePanel(onlineConnection(`/r/${CODE}`), () => CODE);
});
afterEach(() => {
  panel.dispose();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

test('the end is asked only once confirmed; keeping waiting sends nothing', () => {
  panel.ask();
  expect(panel.confirming).toBe(true);
  panel.keepWaiting();
  expect(panel.confirming).toBe(false);
  expect(socket().sent).toEqual([]);

  panel.ask();
  panel.end();
  expect(lastSent()).toMatchObject({ type: 'room-end', code: CODE });
  expect([panel.confirming, panel.ending, panel.failure]).toEqual([false, true, '']);
});

test('the race ending answers the end: the panel stays ending, with nothing to say', async () => {
  panel.ask();
  panel.end();
  socket().deliver({ type: 'room', room: roomState(CODE, { status: 'lobby' }), rid: lastSent().rid });
  await settle();
  expect([panel.ending, panel.failure]).toEqual([true, '']);
});

test("a refused end says why, by its own id, and the button comes back; another request's refusal is not said", async () => {
  panel.ask();
  panel.end();
  const asked = lastSent();
  socket().deliver(errorFrame('someone-else', 'not-host', 'room-end'));
  await settle();
  expect([panel.ending, panel.failure]).toEqual([true, '']);
  socket().deliver(errorFrame(asked.rid, 'racers-moving', 'room-end'));
  await settle();
  expect([panel.ending, panel.confirming]).toEqual([false, false]);
  // Said in the player's words for its code, never the server's English.
  await vi.waitFor(() =>
    expect(panel.failure).toBe('Someone still playing has moved lately: wait a little before ending the race.'),
  );
});

test('offline, the end is not kept for later: the panel says so and sends nothing', () => {
  // Fake timers: the reconnection the close schedules must not outlive the test's browser globals.
  vi.useFakeTimers();
  socket().close();
  panel.ask();
  panel.end();
  expect([panel.ending, panel.failure]).toEqual([false, 'You are offline: end the race once the connection is back.']);
  expect(socket().sent).toEqual([]);
});
