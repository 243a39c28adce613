import { readdirSync, readFileSync } from 'node:fs';
import { dealFromSeed, newGame, positionFromText, replay, type VariantId } from '@scorpion/rules';
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

  it('answers a hint off the main thread: the first move of a line that wins from the position', async () => {
    const start = newGame('scorpion', OPTIONS, dealFromSeed('scorpion', WON_AT_ONCE));
    const answer = await pool.hint(start, { tableMegabytes: 16 });
    expect(answer.kind).toBe('move');
    if (answer.kind !== 'move') return;
    expect(answer.line[0]).toEqual(answer.move);
    expect(replay(start, answer.line)).toMatchObject({ status: 'won' });
    const lost = newGame('scorpion', OPTIONS, dealFromSeed('scorpion', '81201ba5ff212996e194621a99ff73b3'));
    expect(await pool.hint(lost, { tableMegabytes: 16 })).toEqual({ kind: 'lost' });
  }, 20_000);

  it('rejects a task that throws without losing the thread', async () => {
    const deck = dealFromSeed('scorpion', WON_AT_ONCE);
    await expect(pool.certify('no-such-variant' as VariantId, OPTIONS, deck)).rejects.toThrow();
    const after = await pool.certify('scorpion', OPTIONS, deck, { tableMegabytes: 16 });
    expect(after.winnable).toBe(true);
  }, 20_000);
});

describe('a background pool', () => {
  const pool = createSolverPool({ threads: 1, priority: 19 });
  afterAll(() => pool.close());

  /** The nice value of each of this process's threads (Linux). */
  const niceness = () =>
    readdirSync('/proc/self/task').map((id) =>
      Number(readFileSync(`/proc/self/task/${id}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]),
    );

  it('weighs a finished game on a thread of the lowest priority, leaving the rest of the process as it was', async () => {
    const start = positionFromText('scorpion', ' | | 8C 7C 6C KC QC 5C 4C 3C 2C AC JC TC 9C');
    const evidence = await pool.evidence(
      {
        start,
        startedAt: 0,
        actions: [
          { action: { kind: 'move', from: 2, row: 3, to: 0 }, at: 900 },
          { action: { kind: 'move', from: 2, row: 0, to: 0 }, at: 1_900 },
        ],
      },
      '0'.repeat(32),
      { analysis: { nodes: 100_000, tableMegabytes: 8 } },
    );
    expect(evidence).toMatchObject({ score: 0, held: false, timing: { moves: 2 } });
    expect(evidence.analysis.verdicts).toEqual(['winnable', 'winnable', 'lost']);
    expect(niceness().filter((nice) => nice === 19)).toHaveLength(1);
    expect(niceness()).toContain(0);
  }, 20_000);
});
