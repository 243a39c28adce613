import { dealFromSeed, newGame, positionFromText, recordOf, replay } from '@scorpion/rules';
import { afterAll, describe, expect, it } from 'vitest';
import { createSolverPool } from './pool.ts';

const OPTIONS = { foundations: false, open: false };
const WON_AT_ONCE = '736637684093e4443300bee3bcccccdd';

describe('createSolverPool', () => {
  const pool = createSolverPool({ threads: 2 });
  afterAll(() => pool.close());

  it('solves a record, a state, a hint and a certificate off the main thread', async () => {
    const deck = dealFromSeed('scorpion', WON_AT_ONCE);
    const record = recordOf('scorpion', OPTIONS, deck, []);
    const limits = { tableMegabytes: 16 };
    const [fromRecord, certificate, given] = await Promise.all([
      pool.solve(record, limits),
      pool.certify('scorpion', OPTIONS, deck, limits),
      pool.hint(positionFromText('scorpion', 'KH QH JH TH 9H 8H 7H 6H 5H 4H 3H | 2h AH'), limits),
    ]);
    expect(fromRecord.result).toBe('win');
    if (fromRecord.result === 'win') {
      expect(replay(newGame('scorpion', OPTIONS, deck), fromRecord.line)).toMatchObject({ status: 'won' });
    }
    expect(certificate.winnable).toBe(true);
    expect(given).toEqual({ kind: 'lost' });
  }, 20_000);

  it('finds the first certified deal among candidate seeds', async () => {
    const lost = '81201ba5ff212996e194621a99ff73b3';
    const found = await pool.findCertifiedDeal('scorpion', OPTIONS, [lost, WON_AT_ONCE], { tableMegabytes: 16 });
    expect(found).toMatchObject({ seed: WON_AT_ONCE, counter: 1, rejected: 1 });
    expect(await pool.findCertifiedDeal('scorpion', OPTIONS, [lost], { tableMegabytes: 16 })).toBeUndefined();
  }, 20_000);

  it('rejects a bad record without losing the thread', async () => {
    const bad = {
      ...recordOf('scorpion', OPTIONS, dealFromSeed('scorpion', WON_AT_ONCE), []),
      moves: [{ kind: 'deal' }, { kind: 'deal' }],
    };
    await expect(pool.solve(bad)).rejects.toThrow('move 1 of the record is illegal');
    const after = await pool.solve(positionFromText('scorpion', 'KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H | AH'), {
      tableMegabytes: 16,
    });
    expect(after.result).toBe('win');
  }, 20_000);
});
