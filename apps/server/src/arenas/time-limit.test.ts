import { VARIANT_IDS } from '@scorpion/rules';
import { expect, test } from 'vitest';
import { DEAL_LIMIT_MS, dealDeadline } from './time-limit.ts';

const MINUTE = 60_000;
const END = 20 * MINUTE;

test('a one-deck deal has 5 minutes, Double Scorpion 10', () => {
  expect(VARIANT_IDS.map((v) => [v, DEAL_LIMIT_MS[v] / MINUTE])).toEqual([
    ['scorpion', 5],
    ['scorpion-tail', 5],
    ['wasp', 5],
    ['scorpion-ii', 5],
    ['three-blind-mice', 5],
    ['double-scorpion', 10],
  ]);
});

test("a deal dealt with time to spare times out at its own limit, even at the arena's last moment", () => {
  expect(dealDeadline('scorpion', 2 * MINUTE, END)).toEqual({ at: 7 * MINUTE, outcome: 'timed-out' });
  expect(dealDeadline('scorpion', 15 * MINUTE, END)).toEqual({ at: END, outcome: 'timed-out' });
});

test("a deal the arena's end cuts short is unfinished, at the end", () => {
  expect(dealDeadline('scorpion', 15 * MINUTE + 1, END)).toEqual({ at: END, outcome: 'unfinished' });
  expect(dealDeadline('double-scorpion', 12 * MINUTE, END)).toEqual({ at: END, outcome: 'unfinished' });
});
