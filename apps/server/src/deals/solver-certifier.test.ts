import type { SolverPool } from '@scorpion/solver';
import { expect, test } from 'vitest';
import { solverCertifier } from './solver-certifier.ts';

const options = { foundations: false, open: false };

function poolSaying(winnable: true | false | 'unknown'): Pick<SolverPool, 'certify'> {
  return {
    certify: async () =>
      winnable === true
        ? { winnable, line: [], nodes: 1, ms: 1, difficulty: { stars: 1 as const, score: 0 } }
        : { winnable, nodes: 1, ms: 1 },
  };
}

test("the solver's certificate becomes the seam's verdict", async () => {
  expect(await solverCertifier(poolSaying(true)).certify('scorpion', options, [])).toBe('winnable');
  expect(await solverCertifier(poolSaying(false)).certify('scorpion', options, [])).toBe('unwinnable');
  expect(await solverCertifier(poolSaying('unknown')).certify('scorpion', options, [])).toBe('unknown');
});
