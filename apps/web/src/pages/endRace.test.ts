import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { Connection } from '../net/connection.svelte.ts';
import { errorFrame, roomState, socket, stubBrowser } from '../net/fakeSocket.ts';
import { EndRacePanel } from './endRace.svelte.ts';

const CODE = 'ABC234';

let connection: Connection;
let panel: EndRacePanel;

const last = () => socket().sent.at(-1)!;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  stubBrowser(`/r/${CODE}`);
  connection = new Connection();
  connection.start();
  socket().welcome();
  panel = new EndRacePanel(connection, () => CODE);
});
afterEach(() => {
  panel.dispose();
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
  expect(last()).toMatchObject({ type: 'room-end', code: CODE });
  expect([panel.confirming, panel.ending, panel.failure]).toEqual([false, true, '']);
});

test('the race ending answers the end: the panel stays ending, with nothing to say', async () => {
  panel.ask();
  panel.end();
  socket().deliver({ type: 'room', room: roomState(CODE, { status: 'lobby' }), rid: last().rid });
  await settle();
  expect([panel.ending, panel.failure]).toEqual([true, '']);
});

test("a refused end says why, by its own id, and the button comes back; another request's refusal is not said", async () => {
  panel.ask();
  panel.end();
  const asked = last();
  socket().deliver(errorFrame('someone-else', 'not-host', 'room-end'));
  await settle();
  expect([panel.ending, panel.failure]).toEqual([true, '']);
  socket().deliver(errorFrame(asked.rid, 'racers-moving', 'room-end'));
  await settle();
  expect([panel.ending, panel.confirming, panel.failure]).toEqual([false, false, 'refused: racers-moving']);
});

test('offline, the end is not kept for later: the panel says so and sends nothing', () => {
  socket().close();
  panel.ask();
  panel.end();
  expect([panel.ending, panel.failure]).toEqual([false, 'You are offline: end the race once the connection is back.']);
  expect(socket().sent).toEqual([]);
});
