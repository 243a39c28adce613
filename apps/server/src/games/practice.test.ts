import { expect, test } from 'vitest';
import { sqliteRepos } from '../repo/sqlite/index.ts';
import { newGameRow } from './new-row.ts';
import { NOWHERE } from './policy.ts';
import { PracticePolicy } from './practice.ts';

const repos = sqliteRepos(':memory:');
const policy = new PracticePolicy(repos.hints);
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
  expect(await policy.placeOf(row)).toEqual(NOWHERE);
  expect(await policy.onEnd()).toBeUndefined();
});

test("a practice game's snapshot counts the hints it had, as stored", async () => {
  await repos.hints.add(row.id, 1);
  await repos.hints.add(row.id, 2);
  expect(await policy.placeOf(row)).toEqual({ ...NOWHERE, hints: 2 });
});
