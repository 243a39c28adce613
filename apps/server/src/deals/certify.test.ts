import { expect, test } from 'vitest';
import { acceptEveryDeal, type Certifier, MAX_CANDIDATES, pickCertified, type Verdict } from './certify.ts';

const options = { foundations: false, open: false };
const candidate = (n: number) => ({ deck: [n] });

/** A certifier answering `list` in turn; a winnable verdict comes with a one-move line. */
function verdicts(...list: Verdict[]): Certifier {
  let i = 0;
  return {
    name: 'fake',
    certify: async () => {
      const verdict = list[i] ?? 'unwinnable';
      const nodes = ++i;
      return verdict === 'winnable'
        ? { verdict, line: [{ kind: 'deal' }], difficulty: { stars: 2, score: 2.5 }, nodes, ms: 0 }
        : { verdict, nodes, ms: 0 };
    },
  };
}

test('takes the first candidate proven winnable, with its certificate', async () => {
  const deal = await pickCertified(verdicts('unwinnable', 'unknown', 'winnable'), 'scorpion', options, candidate);
  expect(deal.candidate).toBe(2);
  expect(deal.deck).toEqual([2]);
  expect(deal.certificate).toEqual({
    verdict: 'winnable',
    line: [{ kind: 'deal' }],
    difficulty: { stars: 2, score: 2.5 },
    nodes: 3,
    ms: 0,
  });
});

test('falls back to the first undecided candidate, then to candidate 0, each with its own verdict', async () => {
  const undecided = await pickCertified(verdicts('unwinnable', 'unknown'), 'scorpion', options, candidate);
  expect(undecided).toMatchObject({ candidate: 1, certificate: { verdict: 'unknown', nodes: 2 } });
  const none = await pickCertified(
    verdicts(...Array<Verdict>(MAX_CANDIDATES).fill('unwinnable')),
    'scorpion',
    options,
    candidate,
  );
  expect(none).toMatchObject({ candidate: 0, deck: [0], certificate: { verdict: 'unwinnable', nodes: 1 } });
  expect(none.certificate.line).toBeUndefined();
});

test('without a solver every deal passes, with no line and no difficulty to show', async () => {
  const deal = await pickCertified(acceptEveryDeal, 'scorpion', options, candidate);
  expect(deal).toEqual({ deck: [0], candidate: 0, certificate: { verdict: 'winnable', nodes: 0, ms: 0 } });
});
