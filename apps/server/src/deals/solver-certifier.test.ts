import { type SolverPool, SolverUnavailableError } from '@scorpion/solver';
import { expect, test } from 'vitest';
import { CertifierUnavailable } from './certify.ts';
import { solverCertifier } from './solver-certifier.ts';

const options = { foundations: false, open: false };
const line = [{ kind: 'deal' as const }];

function poolSaying(winnable: true | false | 'unknown'): Pick<SolverPool, 'certify'> {
  return {
    certify: async () =>
      winnable === true
        ? { winnable, line, nodes: 7, ms: 1, difficulty: { stars: 1 as const, score: 0.85 } }
        : { winnable, nodes: 9, ms: 2 },
  };
}

test("the solver's certificate keeps its line and difficulty when the deal is proven winnable", async () => {
  expect(await solverCertifier(poolSaying(true)).certify('scorpion', options, [])).toEqual({
    verdict: 'winnable',
    line,
    difficulty: { stars: 1, score: 0.85 },
    nodes: 7,
    ms: 1,
  });
});

test('a deal proven lost or left undecided carries no line and no difficulty', async () => {
  expect(await solverCertifier(poolSaying(false)).certify('scorpion', options, [])).toEqual({
    verdict: 'unwinnable',
    nodes: 9,
    ms: 2,
  });
  expect(await solverCertifier(poolSaying('unknown')).certify('scorpion', options, [])).toEqual({
    verdict: 'unknown',
    nodes: 9,
    ms: 2,
  });
});

test('a pool that cannot run the task makes the certifier unavailable; any other failure passes through', async () => {
  const down = solverCertifier({
    certify: async () => {
      throw new SolverUnavailableError('the solver pool is closed');
    },
  });
  await expect(down.certify('scorpion', options, [])).rejects.toThrow(
    new CertifierUnavailable('the solver pool is closed'),
  );
  await expect(down.certify('scorpion', options, [])).rejects.toBeInstanceOf(CertifierUnavailable);
  const broken = solverCertifier({
    certify: async () => {
      throw new TypeError('a bug');
    },
  });
  await expect(broken.certify('scorpion', options, [])).rejects.toThrow(new TypeError('a bug'));
});
