import type { ChallengeInfo } from '@scorpion/protocol';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { Connection } from '../net/connection.svelte.ts';
import { errorFrame, gameSnapshot, socket, stubBrowser } from '../net/fakeSocket.ts';
import { ChallengePage } from './challenge.svelte.ts';

const CODE = 'beatme1234';

function info(mine: ChallengeInfo['mine'] = []): ChallengeInfo {
  return {
    code: CODE,
    link: `/c/${CODE}`,
    by: { id: 'p9', nickname: 'Zed' },
    kind: 'practice',
    daily: null,
    variant: 'scorpion',
    options: { foundations: false, open: false },
    result: { status: 'won', timeMs: 90_000, moves: 80, progress: 52 },
    mine,
  };
}

const ghost = (gameId: string) => ({
  type: 'ghost',
  gameId,
  code: CODE,
  nickname: 'Zed',
  progress: 4,
  faceDown: 10,
  moves: 3,
  state: 'playing',
  timeMs: null,
  elapsedMs: 5000,
});

let connection: Connection;
let page: ChallengePage | undefined;

function open(mine: ChallengeInfo['mine'] = []) {
  page = new ChallengePage(connection, {
    code: CODE,
    session: { ensurePlayer: async () => true },
    fetch: async <T>() => info(mine) as T,
  });
  return page;
}

beforeEach(() => {
  vi.useFakeTimers();
  stubBrowser(`/c/${CODE}`);
  connection = new Connection();
  connection.start();
});
afterEach(() => {
  page?.dispose();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

test('a game on the link still in play is asked for once the socket is up, and comes back with its ghost', async () => {
  const page = open([{ gameId: 'g1', status: 'playing', timeMs: null }]);
  await vi.waitFor(() => expect(page.playing).toBe(true));
  socket().welcome();
  const [start] = socket().sent;
  expect(start).toMatchObject({ type: 'challenge-start', code: CODE });
  socket().deliver({ type: 'game', game: gameSnapshot('g1', 'challenge'), rid: start!.rid });
  socket().deliver({ ...ghost('another'), rid: start!.rid });
  expect(page.ghost).toBeUndefined();
  socket().deliver({ ...ghost('g1'), rid: start!.rid });
  expect(page.game?.id).toBe('g1');
  expect(page.ghost?.moves).toBe(3);
});

test('a refused start says why and may be pressed again; other refusals are not its own', async () => {
  const page = open();
  socket().welcome();
  await page.play();
  const [start] = socket().sent;
  socket().deliver(errorFrame(undefined, 'no-such-challenge', 'challenge-start'));
  await vi.advanceTimersByTimeAsync(0);
  expect(page.playing).toBe(true);
  socket().deliver(errorFrame(start!.rid, 'no-such-challenge', 'challenge-start'));
  await vi.advanceTimersByTimeAsync(0);
  expect(page.playing).toBe(false);
  await vi.waitFor(() => expect(page.failure).toBe('There is no such challenge.'));
});

test('a start lost with the socket is asked again after the reconnection, until the game comes', async () => {
  const page = open();
  socket().welcome();
  await page.play();
  socket().close();
  await vi.advanceTimersByTimeAsync(10_000);
  socket().welcome();
  expect(socket().sent.map((m) => m.type)).toEqual(['challenge-start']);
  socket().deliver({ type: 'game', game: gameSnapshot('g2', 'challenge'), rid: socket().sent[0]!.rid });
  expect(page.game?.id).toBe('g2');
  socket().close();
  await vi.advanceTimersByTimeAsync(10_000);
  socket().welcome();
  // The game resumes itself now; the start is not asked again.
  expect(socket().sent.map((m) => m.type)).toEqual(['game-resume']);
});
