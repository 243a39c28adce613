import { dealFromSeed, newGame, replay } from '@scorpion/rules';
import { certifyDeal } from '@scorpion/solver/certify';
import { hint } from '@scorpion/solver/hint';
import { describe, expect, it } from 'vitest';
import { findWinnableDeal } from './winnable.ts';

const classic = { foundations: false, open: false };
/** Seeds in a fixed order, so that the test meets the same candidates every run. */
const counter = () => {
  let n = 0;
  return () => (n++).toString(16).padStart(32, '0');
};
/** The certification node budget with no time limit: the same verdicts on a loaded machine. */
const BY_NODES = { ms: 600_000 };

describe('winnable practice deals', () => {
  it('draws seeds until the solver proves one winnable, and that deal can be won', () => {
    const found = findWinnableDeal('scorpion', classic, BY_NODES, counter());
    if (!found.found) throw new Error('no winnable deal among the first 300 seeds');
    expect(found.stars).toBeGreaterThanOrEqual(1);
    const start = newGame('scorpion', classic, dealFromSeed('scorpion', found.seed));
    const line = hint(start);
    if (line.kind !== 'move') throw new Error(`the solver says ${line.kind}`);
    expect(replay(start, line.line)).toMatchObject({ ok: true, status: 'won' });
  });

  it('says so honestly when no seed is proven within its tries', () => {
    const seeds = counter();
    // Skip past every seed the solver would accept, so that only unproven ones are offered.
    const unproven: string[] = [];
    while (unproven.length < 3) {
      const seed = seeds();
      const certificate = certifyDeal('scorpion', classic, dealFromSeed('scorpion', seed), BY_NODES);
      if (certificate.winnable === false) unproven.push(seed);
    }
    expect(findWinnableDeal('scorpion', classic, BY_NODES, () => unproven.shift()!, 3)).toEqual({
      found: false,
      tried: 3,
    });
  });
});
