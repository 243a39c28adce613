import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { Connection } from '../net/connection.svelte.ts';
import { errorFrame, roomChoice, roomState, socket, stubBrowser } from '../net/fakeSocket.ts';
import { RaceNewPage, type RoomChoice } from './raceNew.svelte.ts';

const choice: RoomChoice = roomChoice;

let connection: Connection;
let opened: string[];
let page: RaceNewPage;

beforeEach(() => {
  vi.useFakeTimers();
  stubBrowser('/race');
  connection = new Connection();
  connection.start();
  opened = [];
  page = new RaceNewPage(connection, {
    session: { ensurePlayer: async () => true },
    open: (code) => opened.push(code),
  });
});
afterEach(() => {
  page.dispose();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

test('the room answering the create opens; a room pushed for another reason does not', async () => {
  socket().welcome();
  const created = page.create(choice);
  await vi.waitFor(() => expect(socket().sent).toHaveLength(1));
  expect(page.creating).toBe(true);
  socket().deliver({ type: 'room', room: roomState('XYZ789') });
  socket().deliver({ type: 'room', room: roomState('ABC234'), rid: socket().sent[0]!.rid });
  await created;
  expect(opened).toEqual(['ABC234']);
});

test('pressed before the socket is up, the create goes once it is', async () => {
  const created = page.create(choice);
  await Promise.resolve();
  expect(page.creating).toBe(true);
  socket().welcome();
  const [sent] = socket().sent;
  expect(sent).toMatchObject({ type: 'room-create', ...choice });
  socket().deliver({ type: 'room', room: roomState('ABC234'), rid: sent!.rid });
  await created;
  expect(opened).toEqual(['ABC234']);
});

test('a refused create says why and may be pressed again', async () => {
  socket().welcome();
  const created = page.create(choice);
  await vi.waitFor(() => expect(socket().sent).toHaveLength(1));
  socket().deliver(errorFrame(socket().sent[0]!.rid, 'rate-limited', 'room-create'));
  await created;
  expect(page.creating).toBe(false);
  expect(page.failure).toBe('refused: rate-limited');
  expect(opened).toEqual([]);
});
