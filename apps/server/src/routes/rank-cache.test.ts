import { expect, test } from 'vitest';
import type { BoardRow } from '../repo/types.ts';
import { cachedOwnRank } from './rank-cache.ts';

test('an own rank is reused for a while; a missing one is asked again', async () => {
  let clock = 0;
  let asked = 0;
  let rank: number | undefined;
  const row = (r: number): BoardRow => ({
    rank: r,
    nickname: 'P',
    date: '2026-06-01',
    playerId: 'p',
    gameId: 'g',
    won: true,
    timeMs: 1,
    moves: 1,
    progress: 52,
    faceDown: 0,
    verified: true,
    finishedAt: 1,
  });
  const boards = {
    dailyRankOf: async () => {
      asked++;
      return rank === undefined ? undefined : row(rank);
    },
  };
  const ownRank = cachedOwnRank(boards, () => clock, 1000);
  expect(await ownRank('2026-06-01', 'p')).toBeUndefined();
  rank = 7;
  expect((await ownRank('2026-06-01', 'p'))?.rank).toBe(7);
  rank = 3;
  clock = 999;
  expect((await ownRank('2026-06-01', 'p'))?.rank).toBe(7);
  clock = 1000;
  expect((await ownRank('2026-06-01', 'p'))?.rank).toBe(3);
  expect(asked).toBe(3);
});
