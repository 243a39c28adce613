import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { Connection } from '../net/connection.svelte.ts';
import { errorFrame, roomState, socket, stubBrowser } from '../net/fakeSocket.ts';
import { RacePage, type RaceSession } from './race.svelte.ts';

const CODE = 'ABC234';
const ada = { id: 'p1', nickname: 'Ada', host: true, connected: true };
const bob = { id: 'p2', nickname: 'Bob', host: false, connected: true };

let connection: Connection;
let home: ReturnType<typeof vi.fn<() => void>>;
let page: RacePage;
const session: RaceSession = { player: { id: 'p1', nickname: 'Ada' }, guest: false, ensurePlayer: async () => true };

/** The last message the page sent, as the server read it. */
const last = () => socket().sent.at(-1)!;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  stubBrowser(`/r/${CODE}`);
  connection = new Connection();
  connection.start();
  socket().welcome();
  home = vi.fn<() => void>();
  page = new RacePage(connection, { code: () => CODE, malformed: () => false, session, home });
});
afterEach(() => {
  page.dispose();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

test('on arrival the page joins the room, and the room answering its join is shown', () => {
  expect(last()).toMatchObject({ type: 'room-join', code: CODE });
  socket().deliver({ type: 'room', room: roomState(CODE, { members: [ada, bob] }), rid: last().rid });
  expect(page.room?.members).toHaveLength(2);
  expect(page.isHost).toBe(true);
  expect(page.present).toBe(2);
});

test('a refused join is said, by its own id; a refusal of a request the page never made is not', async () => {
  const join = last();
  socket().deliver(errorFrame('someone-else', 'no-such-room', 'room-join'));
  await settle();
  expect(page.failure).toBe('');
  socket().deliver(errorFrame(join.rid, 'no-such-room', 'room-join'));
  await settle();
  expect(page.failure).toBe('refused: no-such-room');
});

test('a start waits for the race; refused, it says why and may be pressed again', async () => {
  socket().deliver({ type: 'room', room: roomState(CODE, { members: [ada, bob] }) });
  page.start();
  expect(page.starting).toBe(true);
  expect(last().type).toBe('room-start');
  socket().deliver(errorFrame(last().rid, 'too-few-players', 'room-start'));
  await settle();
  expect(page.starting).toBe(false);
  expect(page.failure).toBe('refused: too-few-players');

  page.start();
  expect(page.failure).toBe('');
  const race = { raceId: 'r1', number: 1, startsAt: 1000, endsAt: null, solvedAt: null };
  socket().deliver({ type: 'room', room: roomState(CODE, { members: [ada, bob], status: 'countdown', race }) });
  expect(page.starting).toBe(false);
  expect(page.racing).toBe(true);
});

test('offline, a start or a leave is not kept for later: the page says so', () => {
  // Fake timers: the reconnection the close schedules must not outlive the test's browser globals.
  vi.useFakeTimers();
  socket().close();
  page.start();
  expect(page.failure).toBe('You are offline: start the race once the connection is back.');
  page.leave();
  expect(page.failure).toBe('You are offline: leave the room once the connection is back.');
  expect(page.starting || page.leaving).toBe(false);
});

test('a leave goes home once the room no longer lists the player, or once the server says they were not in it', async () => {
  socket().deliver({ type: 'room', room: roomState(CODE, { members: [ada, bob] }) });
  page.leave();
  expect(page.leaving).toBe(true);
  socket().deliver({
    type: 'room',
    room: roomState(CODE, { hostId: 'p2', members: [{ ...bob, host: true }] }),
    rid: last().rid,
  });
  expect(home).toHaveBeenCalledTimes(1);

  page.leave();
  socket().deliver(errorFrame(last().rid, 'not-in-room', 'room-leave'));
  await settle();
  expect(home).toHaveBeenCalledTimes(2);
});

test('a leave lost with the socket is sent again on reconnection, instead of a join', () => {
  page.leave();
  vi.useFakeTimers();
  socket().close();
  vi.advanceTimersByTime(10_000);
  vi.useRealTimers();
  socket().welcome();
  expect(socket().sent.map((m) => m.type)).toEqual(['room-leave']);
});

test('the end of a race brings its results and ratings; the next race clears them', () => {
  const result = {
    rank: 1,
    playerId: 'p1',
    nickname: 'Ada',
    won: true,
    gaveUp: false,
    timeMs: 60_000,
    progress: 52,
    faceDown: 0,
    moves: 80,
    gameId: 'g1',
  };
  socket().deliver({ type: 'room', room: roomState(CODE, { members: [ada, bob] }) });
  socket().deliver({
    type: 'race-over',
    code: CODE,
    raceId: 'r1',
    seed: 'a'.repeat(32),
    results: [result],
    ratings: null,
    endedBy: 'p1',
  });
  expect(page.mine?.gameId).toBe('g1');
  expect(page.endedBy).toBe('p1');
  const race = { raceId: 'r2', number: 2, startsAt: 1000, endsAt: null, solvedAt: null };
  socket().deliver({ type: 'room', room: roomState(CODE, { members: [ada, bob], status: 'countdown', race }) });
  expect(page.results).toBeUndefined();
  expect(page.endedBy).toBeNull();
});

test('once disposed, the page hears nothing more', () => {
  page.dispose();
  socket().deliver({ type: 'room', room: roomState(CODE) });
  expect(page.room).toBeUndefined();
});
