import { dealFromSeed, newGame, replay, type VariantId } from '@scorpion/rules';
import { afterAll, describe, expect, it } from 'vitest';
import { createSolverPool } from './pool.ts';

const OPTIONS = { foundations: false, open: false };
const WON_AT_ONCE = '736637684093e4443300bee3bcccccdd';

describe('createSolverPool', () => {
  const pool = createSolverPool({ threads: 2 });
  afterAll(() => pool.close());

  it('certifies deals off the main thread', async () => {
    const lost = '81201ba5ff212996e194621a99ff73b3';
    const limits = { tableMegabytes: 16 };
    const [won, notWon] = await Promise.all([
      pool.certify('scorpion', OPTIONS, dealFromSeed('scorpion', WON_AT_ONCE), limits),
      pool.certify('scorpion', OPTIONS, dealFromSeed('scorpion', lost), limits),
    ]);
    expect(won.winnable).toBe(true);
    expect(notWon.winnable).not.toBe(true);
  }, 20_000);

  it('solves whole deals off the main thread: a win with its line, a loss', async () => {
    const limits = { tableMegabytes: 16 };
    const deck = dealFromSeed('scorpion', WON_AT_ONCE);
    const [won, lost] = await Promise.all([
      pool.solveDeal('scorpion', OPTIONS, deck, limits),
      pool.solveDeal('scorpion', OPTIONS, dealFromSeed('scorpion', '81201ba5ff212996e194621a99ff73b3'), limits),
    ]);
    expect(won.result).toBe('win');
    expect(replay(newGame('scorpion', OPTIONS, deck), won.result === 'win' ? won.line : [])).toMatchObject({
      status: 'won',
    });
    expect(lost.result).toBe('loss');
    // The line is the shortened one; the length of the one the search found is kept for the rating.
    expect(won.solverMoves).toBeGreaterThanOrEqual(won.result === 'win' ? won.line.length : 0);
  }, 20_000);

  it('rejects a task that throws without losing the thread', async () => {
    const deck = dealFromSeed('scorpion', WON_AT_ONCE);
    await expect(pool.certify('no-such-variant' as VariantId, OPTIONS, deck)).rejects.toThrow();
    const after = await pool.certify('scorpion', OPTIONS, deck, { tableMegabytes: 16 });
    expect(after.winnable).toBe(true);
  }, 20_000);
});
