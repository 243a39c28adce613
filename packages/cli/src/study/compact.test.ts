import { dealFromSeed, newGame, replay } from '@scorpion/rules';
import { solve } from '@scorpion/solver';
import { expect, it } from 'vitest';
import { compactResult } from './compact.ts';
import type { StudyResult } from './results.ts';

const KEY = { variant: 'wasp', options: { foundations: false, open: false } } as const;
/** A Wasp deal whose first winning line wanders for 379 moves. */
const SEED = 'e80e8ad585a2d0899b51846a7afd5416';

it('shortens a win recorded with the search line, keeping that line length for the rating', () => {
  const start = newGame(KEY.variant, KEY.options, dealFromSeed(KEY.variant, SEED));
  const verdict = solve(start, { tableMegabytes: 16 });
  const old: StudyResult = { index: 0, seed: SEED, ...verdict };
  const compact = compactResult(KEY, old);
  if (compact.result !== 'win' || verdict.result !== 'win') throw new Error('the deal is won');
  expect(compact.solverMoves).toBe(verdict.line.length);
  expect(compact.line.length).toBeLessThan(verdict.line.length);
  expect(replay(start, compact.line)).toMatchObject({ ok: true, status: 'won' });
  // Done once: a compact result is left as it is.
  expect(compactResult(KEY, compact)).toBe(compact);
});
