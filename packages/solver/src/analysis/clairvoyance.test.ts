import { type Move, positionFromText } from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { clairvoyance, positionLlr } from './clairvoyance.ts';
import { ACE_ONTO_TWO, DEAL, FOUR_ONTO_FIVE, GUESS } from './test-positions.ts';

/** 24 completions, solves of 50,000 nodes. */
const OPTIONS = { samples: 24, limits: { nodes: 50_000, ms: 600_000, tableMegabytes: 8 }, seed: '0'.repeat(32) };

/** `GUESS` (test-positions.ts): the odds favour AC 5C onto 2C, which loses with these cards. */
const STATE = GUESS;

/** The smoothed estimate of the test's 24 completions in which `k` kept the deal. */
const smoothed = (k: number) => (k + 1) / 26;

describe('clairvoyance', () => {
  it('a guess the odds favoured that loses with these cards is evidence of not seeing them', () => {
    const result = clairvoyance([{ state: STATE, move: ACE_ONTO_TWO }], OPTIONS);
    expect(result.decisive).toHaveLength(1);
    const [position] = result.decisive;
    expect(position).toMatchObject({ index: 0, chosenKeeps: false });
    expect(position!.keptIn).toBeGreaterThanOrEqual(20);
    expect(result.score).toBeCloseTo(Math.log(0.02 / (1 - smoothed(position!.keptIn))));
    expect(result.score).toBeLessThan(-1);
    expect(result).toMatchObject({ mattered: 1, agreed: 0 });
  });

  it('a move against the odds that the hidden cards prove right is evidence of seeing them', () => {
    for (const move of [FOUR_ONTO_FIVE, DEAL]) {
      const result = clairvoyance([{ state: STATE, move }], OPTIONS);
      const [position] = result.decisive;
      expect(position).toMatchObject({ chosenKeeps: true });
      expect(position!.keptIn).toBeLessThanOrEqual(6);
      expect(result.score).toBeCloseTo(Math.log(0.98 / smoothed(position!.keptIn)));
      expect(result.score).toBeGreaterThan(1.2);
      expect(result).toMatchObject({ mattered: 1, agreed: 1 });
    }
  });

  it('a position met again is weighed once, and the same game always gets the same score', () => {
    const twice = [
      { state: STATE, move: FOUR_ONTO_FIVE },
      { state: STATE, move: DEAL },
    ];
    const a = clairvoyance(twice, OPTIONS);
    expect(a.decisive.map((d) => d.index)).toEqual([0]);
    expect(clairvoyance(twice, OPTIONS)).toEqual(a);
  });

  it('a card seen before and hidden again by an undo is no guess', () => {
    // Every face-down card and the stock seen: nothing is left to guess.
    const known = new Set([...STATE.columns.flatMap((column, c) => column.slice(0, STATE.hidden[c])), ...STATE.stock]);
    expect(clairvoyance([{ state: STATE, move: FOUR_ONTO_FIVE, known }], OPTIONS)).toMatchObject({
      score: 0,
      decisive: [],
    });
  });

  it('nothing hidden, or nothing the hidden cards decide, is no evidence either way', () => {
    const open = positionFromText('scorpion', 'KC QC JC 5C | TC 9C 8C 7C 6C | 4C 3C 2C AC');
    const move: Move = { kind: 'move', from: 2, row: 0, to: 0 };
    expect(clairvoyance([{ state: open, move }], OPTIONS)).toMatchObject({ score: 0, decisive: [], mattered: 0 });
    // One face-down card: every completion is this deal, and the move keeps it in all of them.
    const easy = positionFromText('scorpion', 'kc QC JC | TC 9C 8C 7C 6C 5C 4C 3C 2C AC | ');
    const lift: Move = { kind: 'move', from: 1, row: 0, to: 0 };
    expect(clairvoyance([{ state: easy, move: lift }], OPTIONS)).toMatchObject({ score: 0, decisive: [], mattered: 0 });
  });
});

it("a position's ratio is a fair bet for one who guesses: its expectation is 1, so running sums keep Ville's bound", () => {
  for (const p of [0.05, 0.3, 0.5, 0.8, 0.95]) {
    const expected = p * Math.exp(positionLlr(true, p)) + (1 - p) * Math.exp(positionLlr(false, p));
    expect(expected).toBeCloseTo(1, 12);
  }
});
