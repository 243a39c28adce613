import { expect, test } from 'vitest';
import { dealReleasedAt, rankedEligibility } from './eligibility.ts';

const RELEASED = dealReleasedAt('2026-06-02');

test("a day's deal comes out at the start of its UTC day", () => {
  expect(RELEASED).toBe(Date.UTC(2026, 5, 2));
});

test('an identity made before the deal came out ranks it', () => {
  expect(rankedEligibility(RELEASED - 1, false, RELEASED)).toEqual({ eligible: true });
  expect(rankedEligibility(0, false, RELEASED)).toEqual({ eligible: true });
});

test('an identity made as the deal came out, or after, plays it unranked: it is new', () => {
  expect(rankedEligibility(RELEASED, false, RELEASED)).toEqual({ eligible: false, reason: 'new-player' });
  expect(rankedEligibility(RELEASED + 3_600_000, false, RELEASED)).toEqual({ eligible: false, reason: 'new-player' });
});

test('a passkey lets a new identity rank on the day it signed up', () => {
  expect(rankedEligibility(RELEASED + 3_600_000, true, RELEASED)).toEqual({ eligible: true });
});
