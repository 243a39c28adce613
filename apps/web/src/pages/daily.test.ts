import type { Player } from '@scorpion/protocol';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { Connection } from '../net/connection.svelte.ts';
import { errorFrame, gameSnapshot, socket, stubBrowser } from '../net/fakeSocket.ts';
import { DailyPage, type DailySession, type Fetch } from './daily.svelte.ts';

const TODAY = { day: 326, date: '2026-11-22' };

/** The REST side on a day the player has no result yet. */
const fetch: Fetch = async <T>(path: string) => {
  if (path.startsWith('/api/leaderboards/daily?pageSize=1')) return { ...TODAY, me: null } as T;
  if (path === '/api/daily') return { ...TODAY, difficulty: null } as T;
  throw new Error(`not asked in these tests: ${path}`);
};

class FakeSession implements DailySession {
  player: Player | null = { id: 'p1', nickname: 'Ada' };
  offline = false;
  known = async () => this.player;
  startAsGuest = async () => {};
}

let connection: Connection;
let page: DailyPage;
const daily = (gameId: string) => gameSnapshot(gameId, 'daily', { daily: TODAY, ranked: true });

beforeEach(() => {
  vi.useFakeTimers();
  stubBrowser('/daily');
  connection = new Connection();
  connection.start();
});
afterEach(() => {
  page.dispose();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

test('on arrival with no attempt under way, nothing is asked: the page waits for Start', async () => {
  page = new DailyPage(connection, new FakeSession(), fetch);
  socket().welcome();
  await vi.advanceTimersByTimeAsync(0);
  expect(page.ready).toBe(true);
  expect(page.heading).toBe('Daily #326');
  expect(socket().sent).toEqual([]);
});

test('Start asks for the deal; the game answering it is played, its board focused', async () => {
  page = new DailyPage(connection, new FakeSession(), fetch);
  socket().welcome();
  await page.start();
  expect(page.starting).toBe(true);
  const [join] = socket().sent;
  expect(join?.type).toBe('daily-join');
  socket().deliver({ type: 'game', game: daily('g1'), rid: join!.rid });
  expect(page.game?.id).toBe('g1');
  expect(page.dealtOnStart).toBe(true);
  expect(page.starting).toBe(false);
});

test('a refused join says why, and the page stops waiting for it', async () => {
  page = new DailyPage(connection, new FakeSession(), fetch);
  socket().welcome();
  await page.start();
  socket().deliver(errorFrame(socket().sent[0]!.rid, 'solver-unavailable', 'daily-join'));
  await vi.advanceTimersByTimeAsync(0);
  await vi.waitFor(() => expect(page.failure).toBe('The solver is busy: try again in a moment.'));
  expect(page.starting).toBe(false);
});

test('Start pressed before the socket is up asks once it is; an attempt under way comes back by itself', async () => {
  page = new DailyPage(connection, new FakeSession(), fetch);
  await page.start();
  socket().welcome();
  expect(socket().sent.map((m) => m.type)).toEqual(['daily-join']);
  page.dispose();

  socket().close();
  await vi.advanceTimersByTimeAsync(10_000);
  page = new DailyPage(connection, new FakeSession(), fetch);
  socket().welcome([{ gameId: 'g2', kind: 'daily', roomCode: null }]);
  await vi.advanceTimersByTimeAsync(0);
  const [join] = socket().sent;
  expect(join?.type).toBe('daily-join');
  socket().deliver({ type: 'game', game: daily('g2'), rid: join!.rid });
  expect(page.game?.id).toBe('g2');
  expect(page.dealtOnStart).toBe(false);
});

test('back after a result held for review: the result shows, with the review notice, and no Start', async () => {
  const figures = { gameId: 'g1', won: true, timeMs: 95_000, moves: 80, progress: 104, faceDown: 0 };
  const held: Fetch = async <T>(path: string) => {
    if (path === '/api/me/daily')
      return { date: TODAY.date, flagged: null, review: { ...figures, message: 'Under review.' } } as T;
    return fetch<T>(path);
  };
  page = new DailyPage(connection, new FakeSession(), held);
  socket().welcome();
  await vi.advanceTimersByTimeAsync(0);
  expect(page.earlier).toMatchObject({ won: true, timeMs: 95_000, ranked: true, review: true });
  expect(page.earlier?.flagged).toBeUndefined();
});

test('back after a result kept off the board: the result carries the reason, which the page words itself', async () => {
  const figures = { gameId: 'g1', won: false, timeMs: 40_000, moves: 12, progress: 13, faceDown: 30 };
  const kept: Fetch = async <T>(path: string) => {
    if (path === '/api/me/daily')
      return { date: TODAY.date, flagged: { ...figures, reason: 'device', message: 'Kept off.' }, review: null } as T;
    return fetch<T>(path);
  };
  page = new DailyPage(connection, new FakeSession(), kept);
  socket().welcome();
  await vi.advanceTimersByTimeAsync(0);
  expect(page.earlier).toMatchObject({ won: false, moves: 12, ranked: true, flagged: 'device' });
  expect(page.earlier?.review).toBeUndefined();
});
