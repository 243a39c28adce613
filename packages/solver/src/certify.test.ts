import { dealFromSeed, positionFromText, replay } from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { certifyDeal, findCertifiedDeal } from './certify.ts';
import { hint } from './hint.ts';

const OPTIONS = { foundations: false, open: false };
const WON_AT_ONCE = '736637684093e4443300bee3bcccccdd';
const LOST_AT_ONCE = '81201ba5ff212996e194621a99ff73b3';
/**
 * The certification node budget with no time limit: the verdict is the budget's, the same on a
 * loaded machine as on an idle one (in 60 ms a busy machine searched too little to prove a win).
 */
const BY_NODES = { ms: 600_000 };

describe('certifyDeal', () => {
  it('certifies a winnable deal with its line and a rating', () => {
    const deck = dealFromSeed('scorpion', WON_AT_ONCE);
    const certificate = certifyDeal('scorpion', OPTIONS, deck, BY_NODES);
    expect(certificate.winnable).toBe(true);
    if (certificate.winnable !== true) return;
    expect(certificate.difficulty.stars).toBeGreaterThanOrEqual(1);
    expect(certificate.line.length).toBeGreaterThan(40);
  });

  it('rejects a lost deal', () => {
    expect(certifyDeal('scorpion', OPTIONS, dealFromSeed('scorpion', LOST_AT_ONCE), BY_NODES).winnable).toBe(false);
  });
});

describe('findCertifiedDeal', () => {
  it('skips candidates until one is proven winnable, deterministically', () => {
    const seeds = [LOST_AT_ONCE, WON_AT_ONCE];
    const found = findCertifiedDeal({
      variant: 'scorpion',
      options: OPTIONS,
      seedAt: (i) => seeds[i]!,
      budget: BY_NODES,
    });
    expect(found).toMatchObject({ seed: WON_AT_ONCE, counter: 1, rejected: 1 });
    expect(
      findCertifiedDeal({
        variant: 'scorpion',
        options: OPTIONS,
        seedAt: () => LOST_AT_ONCE,
        budget: BY_NODES,
        maxCandidates: 3,
      }),
    ).toBeUndefined();
  });
});

describe('hint', () => {
  it('gives the first move of a winning line', () => {
    const start = positionFromText('scorpion', 'KH QH JH TH 9H 8H 7H 6H 5H 4H 2H | 3H | AH');
    const given = hint(start);
    expect(given.kind).toBe('move');
    if (given.kind !== 'move') return;
    expect(given.move).toEqual(given.line[0]);
    expect(replay(start, given.line)).toMatchObject({ status: 'won' });
  });

  it('says when the position can no longer be won, and when it is won', () => {
    expect(hint(positionFromText('scorpion', 'KH QH JH TH 9H 8H 7H 6H 5H 4H 3H | 2h AH'))).toEqual({ kind: 'lost' });
    expect(hint(positionFromText('scorpion', 'KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH'))).toEqual({ kind: 'won' });
  });
});
