import { expect, test } from 'vitest';
import { newGameRow } from './new-row.ts';
import { PracticePolicy } from './practice.ts';

const policy = new PracticePolicy();
const row = newGameRow(
  {
    playerId: 'p',
    kind: 'practice',
    variant: 'scorpion',
    options: { foundations: false, open: false },
    seed: 's',
    playerSeed: false,
    deck: [],
  },
  0,
);

test('a practice game is always open, and public only once it is over', async () => {
  expect(policy.gate()).toBe('open');
  expect(await policy.isPublic(row)).toBe(false);
  for (const status of ['won', 'gave-up', 'timed-out'] as const) {
    expect(await policy.isPublic({ ...row, status })).toBe(true);
  }
  expect(await policy.placeOf()).toEqual({ daily: null, roomCode: null });
  expect(await policy.onEnd()).toBeUndefined();
});
