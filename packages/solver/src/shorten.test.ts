import { dealFromSeed, newGame, replay } from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { shortenLine } from './shorten.ts';
import { solve } from './solve.ts';

const OPTIONS = { foundations: false, open: false };
/** A Wasp deal the search wins in 693 nodes with a line of 379 moves, most of them wandering. */
const WANDERING_WASP = 'e80e8ad585a2d0899b51846a7afd5416';
const CLASSIC_WON = '736637684093e4443300bee3bcccccdd';

function wonLine(variant: 'wasp' | 'scorpion', seed: string) {
  const start = newGame(variant, OPTIONS, dealFromSeed(variant, seed));
  const verdict = solve(start, { tableMegabytes: 16 });
  if (verdict.result !== 'win') throw new Error('the fixture deal is not won');
  return { start, line: verdict.line };
}

describe('shortenLine', () => {
  it('gives a much shorter line that still wins the deal under the rules', () => {
    const { start, line } = wonLine('wasp', WANDERING_WASP);
    expect(line.length).toBe(379);
    const shorter = shortenLine(start, line);
    // 146 moves today: every wandering stretch the rules can skip in one move is skipped.
    expect(shorter.length).toBeLessThan(line.length / 2);
    expect(replay(start, shorter)).toMatchObject({ ok: true, status: 'won' });
  });

  it('never lengthens a line, and a short direct line stays a winning one', () => {
    const { start, line } = wonLine('scorpion', CLASSIC_WON);
    const shorter = shortenLine(start, line);
    expect(shorter.length).toBeLessThanOrEqual(line.length);
    expect(replay(start, shorter)).toMatchObject({ ok: true, status: 'won' });
  });

  it('returns a line that does not win, or is not legal, as it is', () => {
    const { start, line } = wonLine('scorpion', CLASSIC_WON);
    const unfinished = line.slice(0, -1);
    expect(shortenLine(start, unfinished)).toBe(unfinished);
    const illegal = [{ kind: 'move', from: 0, row: 0, to: 0 } as const, ...line];
    expect(shortenLine(start, illegal)).toBe(illegal);
  });
});
