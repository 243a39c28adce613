import type { RaceResult } from '@scorpion/protocol';
import { expect, test } from 'vitest';
import { rateRace } from './model.ts';
import { earlierToday, repeatFactor, startOfUtcDay } from './repeat.ts';

const result = (playerId: string, rank: number): RaceResult => ({
  rank,
  playerId,
  nickname: playerId,
  won: rank === 1,
  gaveUp: false,
  timeMs: 60_000,
  progress: 104,
  faceDown: 0,
  moves: 80,
  gameId: `g-${playerId}`,
});

test('the first rated race of a pair in a day counts in full, the second half, the third a third', () => {
  expect([0, 1, 2, 3].map(repeatFactor)).toStrictEqual([1, 1 / 2, 1 / 3, 1 / 4]);
});

test("a repeated pair's rating moves by that fraction of the full change, mean and uncertainty alike", () => {
  const race = [result('a', 1), result('b', 2)];
  const full = rateRace(race, new Map());
  const second = rateRace(race, new Map(), new Map([['a', 1]]));
  const [fa, fb] = full;
  const [sa, sb] = second;
  expect(sa!.mu - sa!.muBefore).toBeCloseTo((fa!.mu - fa!.muBefore) / 2, 10);
  expect(sa!.sigma - 25 / 3).toBeCloseTo((fa!.sigma - 25 / 3) / 2, 10);
  // A racer with no repeat of their own (b) moves in full; each racer counts games as ever.
  expect(sb!.mu).toBe(fb!.mu);
  expect([sa!.games, sb!.games]).toStrictEqual([1, 1]);
});

test("today's repetition of each racer is the most they met any one of the others", () => {
  const pairs = [
    { a: 'a', b: 'b', races: 2 },
    { a: 'b', b: 'a', races: 2 },
    { a: 'a', b: 'c', races: '3' },
    { a: 'c', b: 'a', races: '3' },
  ];
  expect(Object.fromEntries(earlierToday(pairs))).toStrictEqual({ a: 3, b: 2, c: 3 });
});

test('the day starts at midnight UTC on the server clock', () => {
  expect(startOfUtcDay(Date.UTC(2026, 5, 1, 23, 59, 59, 999))).toBe(Date.UTC(2026, 5, 1));
  expect(startOfUtcDay(Date.UTC(2026, 5, 2))).toBe(Date.UTC(2026, 5, 2));
});
