import { type Move, positionFromText } from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { clairvoyance } from './clairvoyance.ts';

/** 24 completions, solves of 50,000 nodes. */
const OPTIONS = { samples: 24, limits: { nodes: 50_000, ms: 600_000, tableMegabytes: 8 }, seed: '0'.repeat(32) };

/*
 * Two suits in four columns, five cards face down (lowercase), three in the stock:
 *
 *   1    kc 7d 8C 8D 4C 2C
 *   2    7c 4d AD JC JD 2D
 *   3    6C 3C QC TD AC 5C
 *   4    6d QD 9D 3D 5D         stock: KD TC 9C
 *
 * Three legal moves. Over deals the player cannot tell from this one, AC 5C onto 2C keeps the
 * deal winnable most often (in 7 of 24 completions); with these very cards it loses, and only
 * 4C 2C onto 5C (in no completion) and dealing the stock (in 1) keep it. A player who builds
 * onto 2C guessed as anyone would; one who deals or builds onto 5C chose against the odds, rightly.
 */
const STATE = positionFromText(
  'scorpion',
  'kc 7d 8C 8D 4C 2C | 7c 4d AD JC JD 2D | 6C 3C QC TD AC 5C | 6d QD 9D 3D 5D',
  {
    stock: 'KD TC 9C',
  },
);
const FOUR_ONTO_FIVE: Move = { kind: 'move', from: 0, row: 4, to: 2 };
const ACE_ONTO_TWO: Move = { kind: 'move', from: 2, row: 4, to: 0 };
const DEAL: Move = { kind: 'deal' };

describe('clairvoyance', () => {
  it('the move the odds favour, which loses with these cards, is evidence of not seeing them', () => {
    const result = clairvoyance([{ state: STATE, move: ACE_ONTO_TWO }], OPTIONS);
    expect(result.decisive).toHaveLength(1);
    expect(result.decisive[0]).toMatchObject({ legal: 3, keeping: 2, chosenKeeps: false });
    expect(result.decisive[0]!.chosenEstimate).toBe(result.decisive[0]!.bestEstimate);
    expect(result.score).toBeCloseTo(Math.log(0.1));
    expect(result).toMatchObject({ mattered: 1, agreed: 0 });
  });

  it('a move against the odds that the hidden cards prove right is evidence of seeing them', () => {
    for (const move of [FOUR_ONTO_FIVE, DEAL]) {
      const result = clairvoyance([{ state: STATE, move }], OPTIONS);
      expect(result.decisive[0]).toMatchObject({ chosenKeeps: true });
      expect(result.decisive[0]!.chosenEstimate).toBeLessThan(result.decisive[0]!.bestEstimate);
      expect(result.score).toBeGreaterThan(0.5);
      expect(result).toMatchObject({ mattered: 1, agreed: 1 });
    }
  });

  it('positions add up, and the same game always gets the same score', () => {
    const twice = [
      { state: STATE, move: FOUR_ONTO_FIVE },
      { state: STATE, move: DEAL },
    ];
    const a = clairvoyance(twice, OPTIONS);
    expect(a.decisive.map((d) => d.index)).toEqual([0, 1]);
    expect(a.score).toBeCloseTo(a.decisive[0]!.llr + a.decisive[1]!.llr);
    expect(clairvoyance(twice, OPTIONS)).toEqual(a);
  });

  it('nothing hidden, or nothing to choose between, is no evidence either way', () => {
    const open = positionFromText('scorpion', 'KC QC JC 5C | TC 9C 8C 7C 6C | 4C 3C 2C AC');
    const move: Move = { kind: 'move', from: 2, row: 0, to: 0 };
    expect(clairvoyance([{ state: open, move }], OPTIONS)).toMatchObject({ score: 0, decisive: [], mattered: 0 });
    // Every move keeps this deal (or none does): the hidden cards decided nothing.
    const easy = positionFromText('scorpion', 'kc QC JC | TC 9C 8C 7C 6C 5C 4C 3C 2C AC | ');
    const lift: Move = { kind: 'move', from: 1, row: 0, to: 0 };
    expect(clairvoyance([{ state: easy, move: lift }], OPTIONS)).toMatchObject({ score: 0, decisive: [], mattered: 0 });
  });
});
