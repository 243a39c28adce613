import { expect, test } from 'vitest';
import type { BoardRow } from '../repo/types.ts';
import { OwnRankCache } from './rank-cache.ts';

const row = (rank: number, playerId = 'p'): BoardRow => ({
  rank,
  nickname: 'P',
  date: '2026-06-01',
  playerId,
  gameId: 'g',
  won: true,
  timeMs: 1,
  moves: 1,
  progress: 52,
  faceDown: 0,
  verified: true,
  finishedAt: 1,
});

test('an own rank is reused for a while; a missing one is asked again', async () => {
  let clock = 0;
  let asked = 0;
  let rank: number | undefined;
  const boards = {
    dailyRankOf: async () => {
      asked++;
      return rank === undefined ? undefined : row(rank);
    },
  };
  const ownRanks = new OwnRankCache(boards, () => clock, 1000);
  expect(await ownRanks.rankOf('2026-06-01', 'p')).toBeUndefined();
  rank = 7;
  expect((await ownRanks.rankOf('2026-06-01', 'p'))?.rank).toBe(7);
  rank = 3;
  clock = 999;
  expect((await ownRanks.rankOf('2026-06-01', 'p'))?.rank).toBe(7);
  clock = 1000;
  expect((await ownRanks.rankOf('2026-06-01', 'p'))?.rank).toBe(3);
  expect(asked).toBe(3);
});

test('a forgotten player is asked again at once, on every day; other players stay cached', async () => {
  const ranks = new Map([
    ['p', 1],
    ['q', 2],
  ]);
  const boards = {
    dailyRankOf: async (_date: string, playerId: string) => {
      const rank = ranks.get(playerId);
      return rank === undefined ? undefined : row(rank, playerId);
    },
  };
  const ownRanks = new OwnRankCache(boards, () => 0);
  for (const date of ['2026-06-01', '2026-06-02']) await ownRanks.rankOf(date, 'p');
  await ownRanks.rankOf('2026-06-01', 'q');
  ranks.delete('p');
  ranks.set('q', 1);
  ownRanks.forget('p');
  expect(await ownRanks.rankOf('2026-06-01', 'p')).toBeUndefined();
  expect(await ownRanks.rankOf('2026-06-02', 'p')).toBeUndefined();
  expect((await ownRanks.rankOf('2026-06-01', 'q'))?.rank).toBe(2);
});

test('a rank read while its player is forgotten is answered, not kept', async () => {
  let rank = 4;
  let release: () => void = () => {};
  const boards = {
    dailyRankOf: async () => {
      const read = row(rank);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return read;
    },
  };
  const ownRanks = new OwnRankCache(boards, () => 0);
  const reading = ownRanks.rankOf('2026-06-01', 'p');
  rank = 9;
  ownRanks.forget('p');
  release();
  expect((await reading)?.rank).toBe(4);
  const again = ownRanks.rankOf('2026-06-01', 'p');
  release();
  expect((await again)?.rank).toBe(9);
});
