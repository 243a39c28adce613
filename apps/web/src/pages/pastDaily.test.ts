import { expect, test } from 'vitest';
import { ApiFailure } from '../net/api.ts';
import { type Fetch, PastDailyPage } from './pastDaily.svelte.ts';

const SEED = '0123456789abcdef0123456789abcdef';
const info = (isPublic: boolean) => ({
  date: '2026-11-21',
  day: 325,
  variant: 'scorpion',
  options: { foundations: false, open: false },
  public: isPublic,
  seed: isPublic ? SEED : null,
  deck: null,
  difficulty: null,
  solution: null,
  serverTime: 0,
});
const board = {
  date: '2026-11-21',
  day: 325,
  played: 1,
  won: 1,
  page: 1,
  pageSize: 10,
  rows: [],
  me: null,
  public: true,
};
const late = {
  date: '2026-11-21',
  day: 325,
  rows: [{ rank: 1, playerId: 'p1', nickname: 'Ada', timeMs: 61_000, moves: 40, gameId: 'g1' }],
};

function server(isPublic: boolean): { fetch: Fetch; asked: string[] } {
  const asked: string[] = [];
  const fetch: Fetch = async <T>(path: string) => {
    asked.push(path);
    if (path === '/api/daily/2026-11-21') return info(isPublic) as T;
    if (path.startsWith('/api/leaderboards/daily?date=2026-11-21')) return board as T;
    if (path === '/api/daily/2026-11-21/late') return late as T;
    throw new Error(`not asked in these tests: ${path}`);
  };
  return { fetch, asked };
}

test("a day that is over: its boards, and its deal to play late as practice on the day's seed", async () => {
  const { fetch, asked } = server(true);
  const page = new PastDailyPage('2026-11-21', fetch);
  await page.loaded;
  expect(page.playHref).toBe(`/practice?variant=scorpion&seed=${SEED}`);
  expect(page.board?.won).toBe(1);
  expect(page.late?.rows[0]?.nickname).toBe('Ada');
  expect(asked).toContain('/api/daily/2026-11-21/late');
});

test('a day still open: no deal to play, and its late board is not asked for', async () => {
  const { fetch, asked } = server(false);
  const page = new PastDailyPage('2026-11-21', fetch);
  await page.loaded;
  expect(page.playHref).toBeUndefined();
  expect(page.late).toBeUndefined();
  expect(asked).not.toContain('/api/daily/2026-11-21/late');
});

test("a day never dealt says so, in the player's words rather than the server's", async () => {
  const page = new PastDailyPage('2026-11-21', async () => {
    throw new ApiFailure('not-found', 'The server’s English sentence.');
  });
  await page.loaded;
  expect(page.failure).toBe('That day was never dealt: nobody played it.');
});

test('a day the server cannot give says so by its error code, or as unreachable without one', async () => {
  const limited = new PastDailyPage('2026-11-21', async () => {
    throw new ApiFailure('rate-limited', 'Slow down.');
  });
  await limited.loaded;
  expect(limited.failure).toBe('Too many requests: wait a moment and try again.');
  const offline = new PastDailyPage('2026-11-21', async () => {
    throw new TypeError('Failed to fetch');
  });
  await offline.loaded;
  expect(offline.failure).toBe('This day cannot be reached right now.');
});
