import { expect, test } from 'vitest';
import { hiddenShare } from './tab-hidden.ts';

const at = (ms: number, hidden: boolean) => ({ at: ms, hidden });

test('the share of the game time the tab was hidden, from the changes the page reported', () => {
  expect(hiddenShare([], 0, 1_000)).toBe(0);
  expect(hiddenShare([at(100, true), at(300, false)], 0, 1_000)).toBeCloseTo(0.2);
  // Two hidden spells; a repeated "hidden" (sent again after a reconnection) changes nothing.
  expect(hiddenShare([at(0, true), at(50, true), at(100, false), at(500, true), at(600, false)], 0, 1_000)).toBeCloseTo(
    0.2,
  );
});

test('a tab still hidden at the end counts to the end; before the clock started, or after the end, does not count', () => {
  expect(hiddenShare([at(750, true)], 0, 1_000)).toBeCloseTo(0.25);
  // Hidden through a race's countdown, shown 100 ms after the start.
  expect(hiddenShare([at(-3_000, true), at(100, false)], 0, 1_000)).toBeCloseTo(0.1);
  expect(hiddenShare([at(900, true), at(2_000, false)], 0, 1_000)).toBeCloseTo(0.1);
  // A "shown" with no "hidden" before it is nothing to count.
  expect(hiddenShare([at(500, false)], 0, 1_000)).toBe(0);
});

test('a game of no time has no share', () => {
  expect(hiddenShare([at(0, true)], 1_000, 1_000)).toBeNull();
});
