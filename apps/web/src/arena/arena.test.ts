import type { ArenaHistory, ArenaPage, ArenaRow, ArenaSummary } from '@scorpion/protocol';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { ApiFailure } from '../net/api.ts';
import { Connection } from '../net/connection.svelte.ts';
import { errorFrame, gameSnapshot, socket, stubBrowser } from '../net/fakeSocket.ts';
import { ArenaRoom, type ArenaSession } from './arena.svelte.ts';
import type { Fetcher } from './schedule.svelte.ts';
import { refusalText } from './text.ts';

const ID = 'h-2026-12-06T13';
const START = 1_000_000;
const MIN = 60_000;
const ada = { id: 'p1', nickname: 'Ada' };
const bob = { id: 'p2', nickname: 'Bob' };

const summary: ArenaSummary = {
  id: ID,
  kind: 'hourly',
  name: 'Hourly Scorpion',
  variant: 'scorpion',
  startsAt: START,
  endsAt: START + 20 * MIN,
  minutes: 20,
  dealLimitMs: 5 * MIN,
  status: 'running',
  players: 2,
  createdBy: null,
  winner: null,
};

function row(player: { id: string; nickname: string }, patch: Partial<ArenaRow> = {}): ArenaRow {
  return { rank: 1, player, score: 0, fire: false, streak: 0, deal: 0, playing: false, points: [], ...patch };
}

function standings(me: ArenaRow | null, patch: Record<string, unknown> = {}) {
  return {
    type: 'arena-standings',
    arenaId: ID,
    status: 'running',
    startsAt: START,
    endsAt: START + 20 * MIN,
    players: 2,
    top: me ? [me] : [],
    me,
    serverTime: START,
    ...patch,
  };
}

let connection: Connection;
let room: ArenaRoom;
let history: ArenaHistory;
let pageAnswer: () => ArenaPage;
const session: ArenaSession = { player: ada, guest: false, ensurePlayer: async () => true };
const fetcher = (async (path: string) => {
  if (path === `/api/arenas/${ID}`) return pageAnswer();
  if (path === '/api/players/Ada/arenas') return history;
  throw new ApiFailure('not-found', path);
}) as Fetcher;

const last = () => socket().sent.at(-1)!;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  stubBrowser(`/a/${ID}`);
  connection = new Connection();
  connection.start();
  socket().welcome();
  history = { arenas: [], weeklyMark: null };
  pageAnswer = () => ({ arena: summary, podium: [], deals: null, serverTime: START });
  room = new ArenaRoom(connection, { id: ID, session, fetcher });
});
afterEach(() => {
  room.dispose();
  vi.useRealTimers();
});

test('a visitor who has not joined is not made a player by looking: nothing is sent until Join', async () => {
  await room.load();
  expect(room.arena?.name).toBe('Hourly Scorpion');
  expect(socket().sent).toEqual([]);
  expect(room.joined).toBe(false);
});

test('a player whose history holds the arena comes back into it on arrival', async () => {
  history = { arenas: [{ arena: summary, rank: 2, score: 4, games: 2 }], weeklyMark: null };
  const loaded = room.load();
  await settle();
  expect(last()).toMatchObject({ type: 'arena-join', arenaId: ID });
  socket().deliver({ ...standings(row(ada, { score: 4, deal: 2 })), rid: last().rid });
  await loaded;
  expect(room.joined).toBe(true);
  expect(room.mine?.score).toBe(4);
  expect(room.nextDeal).toBe(3);
});

test('join, then deal after deal: each asks the next number with the berserk ticked, and the board is its game', async () => {
  const joined = room.join();
  socket().deliver({ ...standings(row(ada)), rid: last().rid });
  await joined;
  expect(room.nextDeal).toBe(1);

  room.berserk = true;
  const first = room.next();
  expect(last()).toMatchObject({ type: 'arena-next', arenaId: ID, deal: 1, berserk: true });
  expect(room.dealing).toBe(true);
  const one = { arenaId: ID, deal: 1, berserk: true };
  socket().deliver({ type: 'game', game: gameSnapshot('g1', 'arena', { arena: one }), rid: last().rid });
  await first;
  expect(room.game?.id).toBe('g1');
  expect(room.gameDeal).toBe(1);
  expect(room.gameBerserk).toBe(true);
  // Berserk is chosen for one deal at a time.
  expect(room.berserk).toBe(false);
  expect(room.playing).toBe(true);

  // The deal ends (given up): the next is deal 2, even before the table says so.
  socket().deliver({ type: 'game', game: gameSnapshot('g1', 'arena', { arena: one, status: 'gave-up' }) });
  expect(room.playing).toBe(false);
  expect(room.nextDeal).toBe(2);
  const second = room.next();
  expect(last()).toMatchObject({ type: 'arena-next', deal: 2, berserk: false });
  const two = { arenaId: ID, deal: 2, berserk: false };
  socket().deliver({ type: 'game', game: gameSnapshot('g2', 'arena', { arena: two }), rid: last().rid });
  await second;
  expect(room.game?.id).toBe('g2');
  expect(room.gameDeal).toBe(2);
  expect(room.gameBerserk).toBe(false);
});

test('a deal in play comes back with the join (a reload): its snapshot says which, and that it is berserk', async () => {
  const joined = room.join();
  const rid = last().rid;
  socket().deliver({ ...standings(row(ada, { deal: 3, playing: true })), rid });
  await joined;
  expect(room.berserk).toBe(false);
  const three = { arenaId: ID, deal: 3, berserk: true };
  socket().deliver({ type: 'game', game: gameSnapshot('g3', 'arena', { arena: three }) });
  expect(room.game?.id).toBe('g3');
  expect(room.gameDeal).toBe(3);
  expect(room.nextDeal).toBe(3);
  // The page never asked for berserk, yet offers no undo: the server would refuse it.
  expect(room.gameBerserk).toBe(true);
});

test('the table follows the pushes for this arena only', async () => {
  const joined = room.join();
  socket().deliver({ ...standings(row(ada)), rid: last().rid });
  await joined;
  socket().deliver(standings(row(ada, { score: 2, deal: 1, streak: 1 }), { players: 3 }));
  socket().deliver(standings(null, { arenaId: 'h-2026-12-06T14', players: 99 }));
  expect(room.standings?.players).toBe(3);
  expect(room.mine?.score).toBe(2);
});

test('refusals are worded for people: a berserk asked too late, a finished arena, a watched one', async () => {
  const joined = room.join();
  socket().deliver(errorFrame(last().rid, 'arena-watched', 'arena-join'));
  await joined;
  expect(room.joined).toBe(false);
  expect(room.failure).toBe(refusalText('arena-watched', ''));

  const again = room.join();
  socket().deliver({ ...standings(row(ada)), rid: last().rid });
  await again;
  room.berserk = true;
  const next = room.next();
  socket().deliver(errorFrame(last().rid, 'arena-berserk-too-late', 'arena-next'));
  await next;
  expect(room.failure).toMatch(/Berserk is chosen before a deal is dealt/);
  expect(room.dealing).toBe(false);
});

test('the end brings the podium, and the page is read again for the final table', async () => {
  let reads = 0;
  pageAnswer = () => {
    reads++;
    return { arena: summary, podium: [], deals: null, serverTime: START };
  };
  await room.load();
  const joined = room.join();
  socket().deliver({ ...standings(row(ada)), rid: last().rid });
  await joined;
  expect(room.phase(START + MIN)).toBe('running');
  expect(room.phase(START + 21 * MIN)).toBe('ending');
  const podium = [row(bob, { score: 6 }), row(ada, { rank: 2, score: 2 })];
  socket().deliver({ type: 'arena-over', arenaId: ID, players: 2, podium, me: podium[1] });
  await settle();
  expect(room.phase(START + 21 * MIN)).toBe('finished');
  expect(room.mine?.rank).toBe(2);
  expect(reads).toBe(2);
});

test('after a reconnection the player is joined again; leaving the page says so to the server', async () => {
  const joined = room.join();
  socket().deliver({ ...standings(row(ada)), rid: last().rid });
  await joined;
  // On a fake clock from here: the reconnection's backoff (1.5 s at most, connection.svelte.ts)
  // passes at once.
  vi.useFakeTimers();
  socket().close();
  await vi.advanceTimersByTimeAsync(1600);
  socket().welcome();
  expect(socket().sent.map((m) => m.type)).toEqual(['arena-join']);
  room.dispose();
  expect(last()).toMatchObject({ type: 'arena-leave', arenaId: ID });
});

test('an arena that does not exist says so', async () => {
  pageAnswer = () => {
    throw new ApiFailure('no-such-arena', 'no');
  };
  await room.load();
  expect(room.missing).toBe(true);
});
