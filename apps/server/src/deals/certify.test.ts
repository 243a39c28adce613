import { expect, test } from 'vitest';
import { type Certifier, MAX_CANDIDATES, pickCertified } from './certify.ts';

const options = { foundations: false, open: false };
const candidate = (n: number) => ({ deck: [n] });

function verdicts(...list: Array<'winnable' | 'unwinnable' | 'unknown'>): Certifier {
  let i = 0;
  return { name: 'fake', certify: async () => list[i++] ?? 'unwinnable' };
}

test('takes the first candidate proven winnable', async () => {
  const deal = await pickCertified(verdicts('unwinnable', 'unknown', 'winnable'), 'scorpion', options, candidate);
  expect(deal.candidate).toBe(2);
});

test('falls back to the first undecided candidate, then to candidate 0', async () => {
  expect((await pickCertified(verdicts('unwinnable', 'unknown'), 'scorpion', options, candidate)).candidate).toBe(1);
  const none = await pickCertified(
    verdicts(...Array(MAX_CANDIDATES).fill('unwinnable')),
    'scorpion',
    options,
    candidate,
  );
  expect(none.candidate).toBe(0);
});
