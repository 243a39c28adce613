import { expect, test } from 'vitest';
import type { RefundRace, VictimRating } from '../repo/types.ts';
import { lossesTo, REFUND_MAX, refundPoints, refundsFor } from './refund.ts';

/** Shown points as a mean (a shown rating is mu × 60). */
const mu = (shown: number) => shown / 60;

/** A race written as `playerId rank before→after` per racer, in shown points. */
function race(raceId: string, ...racers: string[]): RefundRace {
  return {
    raceId,
    at: 0,
    racers: racers.map((text) => {
      const [playerId, rank, step] = text.split(' ') as [string, string, string];
      const [before, after] = step.split('→').map(Number) as [number, number];
      return { playerId, rank: Number(rank), muBefore: mu(before), mu: mu(after), games: 20 };
    }),
  };
}

const victim = (playerId: string, now: number, highest = now): VictimRating => ({
  playerId,
  mu: mu(now),
  highestMu: mu(highest),
});

test('only opponents who finished behind the marked player and lost points are owed anything', () => {
  const losses = lossesTo('cheat', [
    race('r1', 'cheat 1 1500→1530', 'ann 2 1600→1580', 'bob 3 1500→1490'),
    // Ann beat the cheat here: nothing owed for this race; Cy finished behind yet gained.
    race('r2', 'ann 1 1580→1600', 'cheat 2 1530→1520', 'cy 3 1400→1405'),
    race('r3', 'cheat 1 1520→1540', 'ann 2 1600→1570'),
  ]);
  expect(Object.fromEntries(losses)).toStrictEqual({ ann: { lost: 50, top: 1600 }, bob: { lost: 10, top: 1500 } });
});

test('a loss not yet won back is given back whole', () => {
  expect(refundPoints({ lost: 50, top: 1600 }, 1550, 1600)).toBe(50);
});

test('points won back since count half against the refund', () => {
  // Lost 50 from 1600, climbed back to 1580: 30 above where the loss left them, so 15 less.
  expect(refundPoints({ lost: 50, top: 1600 }, 1580, 1650)).toBe(35);
});

test('a refund never lifts a rating more than 20 above the highest it ever stood at', () => {
  expect(refundPoints({ lost: 100, top: 1700 }, 1600, 1610)).toBe(30);
});

test('at most 150 points, and never a negative refund', () => {
  expect(refundPoints({ lost: 400, top: 2000 }, 1600, 2000)).toBe(REFUND_MAX);
  expect(refundPoints({ lost: 10, top: 1500 }, 1700, 1700)).toBe(0);
});

test('one refund per opponent, summed over races, in points and as the mean to add', () => {
  const races = [
    race('r1', 'cheat 1 1500→1530', 'ann 2 1600→1540'),
    race('r2', 'cheat 1 1530→1550', 'ann 2 1540→1500', 'bob 3 1500→1490'),
    race('r3', 'cheat 1 1550→1560', 'ann 2 1500→1450'),
  ];
  const refunds = refundsFor('cheat', races, [victim('ann', 1450, 1600), victim('bob', 1490, 1500)]);
  expect(refunds).toStrictEqual([
    { victimId: 'ann', points: REFUND_MAX, mu: mu(REFUND_MAX) },
    { victimId: 'bob', points: 10, mu: mu(10) },
  ]);
});

test('an opponent whose rating is gone (or who owes nothing) gets no refund', () => {
  const races = [race('r1', 'cheat 1 1500→1530', 'ann 2 1600→1580', 'bob 3 1500→1490')];
  expect(refundsFor('cheat', races, [victim('bob', 1700, 1700)])).toStrictEqual([]);
});
