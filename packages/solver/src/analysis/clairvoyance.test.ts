import { legalMoves, type Move, positionFromText } from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { clairvoyance, mixtureScore, positionEvalues } from './clairvoyance.ts';
import { moveKey } from './moves.ts';
import { ACE_ONTO_TWO, DEAL, FOUR_ONTO_FIVE, GUESS } from './test-positions.ts';

/** 24 winnable completions (of 96 draws at most), solves of 50,000 nodes, fixed completions. */
const OPTIONS = {
  samples: 24,
  draws: 96,
  limits: { nodes: 50_000, ms: 600_000, tableMegabytes: 8 },
  seed: '0'.repeat(32),
};

/** `GUESS` (test-positions.ts): the odds favour AC 5C onto 2C, which loses with these cards. */
const STATE = GUESS;

describe('clairvoyance', () => {
  it('the move a solver plays only because it sees these hidden cards is evidence of seeing them', () => {
    const result = clairvoyance([{ state: STATE, move: FOUR_ONTO_FIVE }], OPTIONS);
    const [position] = result.decisive;
    // With the true cards it is the solver's move; in the deals the view allows, almost never.
    expect(position).toMatchObject({ index: 0, completions: 24, chosenIsSolvers: true, chosenKeeps: true });
    expect(position!.solverIn).toBeLessThanOrEqual(2);
    const e = positionEvalues(position!);
    expect(result.models).toEqual({ solver: Math.log(e.solver), keeps: Math.log(e.keeps) });
    expect(result.score).toBeCloseTo(Math.log((e.solver + e.keeps) / 2), 12);
    expect(result.models.solver).toBeGreaterThan(2.5);
    expect(result.score).toBeGreaterThan(2);
    expect(result).toMatchObject({ mattered: 1, agreed: 1 });
  });

  it('the move the view favours is no evidence of seeing: it loses with these cards, and weighs against', () => {
    const result = clairvoyance([{ state: STATE, move: ACE_ONTO_TWO }], OPTIONS);
    const [position] = result.decisive;
    expect(position).toMatchObject({ chosenIsSolvers: false, chosenKeeps: false });
    expect(position!.solverIn).toBeGreaterThanOrEqual(20);
    // Neither the solver's move nor one that keeps: only a slip explains it, under either model.
    expect(result.models).toEqual({ solver: Math.log(0.1), keeps: Math.log(0.1) });
    expect(result.score).toBeCloseTo(Math.log(0.1), 12);
    expect(result).toMatchObject({ mattered: 1, agreed: 0 });
  });

  it('a move that keeps the deal against the odds, but is not the solver’s, leans by the other model alone', () => {
    const knowing = clairvoyance([{ state: STATE, move: FOUR_ONTO_FIVE }], OPTIONS).score;
    const dealing = clairvoyance([{ state: STATE, move: DEAL }], OPTIONS);
    expect(dealing.decisive[0]).toMatchObject({ chosenIsSolvers: false, chosenKeeps: true });
    expect(dealing.models.solver).toBeCloseTo(Math.log(0.1), 12);
    expect(dealing.models.keeps).toBeGreaterThan(1);
    expect(dealing.score).toBeGreaterThan(0);
    expect(dealing.score).toBeLessThan(knowing);
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

  it('nothing hidden, or nothing the hidden cards decide, is no evidence: the solver’s move scores 0', () => {
    const open = positionFromText('scorpion', 'KC QC JC 5C | TC 9C 8C 7C 6C | 4C 3C 2C AC');
    const move: Move = { kind: 'move', from: 2, row: 0, to: 0 };
    expect(clairvoyance([{ state: open, move }], OPTIONS)).toMatchObject({ score: 0, decisive: [], mattered: 0 });
    // One face-down card: every completion is this deal, and the solver plays the same move in all.
    const easy = positionFromText('scorpion', 'kc QC JC | TC 9C 8C 7C 6C 5C 4C 3C 2C AC | ');
    const lift: Move = { kind: 'move', from: 1, row: 0, to: 0 };
    expect(clairvoyance([{ state: easy, move: lift }], OPTIONS)).toMatchObject({ score: 0, decisive: [], mattered: 0 });
    expect(legalMoves(easy).map(moveKey)).toContain(moveKey(lift));
  });
});

/** P(Binomial(n, q) = k). */
function binomial(n: number, k: number, q: number): number {
  let c = 1;
  for (let i = 0; i < k; i++) c = (c * (n - i)) / (i + 1);
  return c * q ** k * (1 - q) ** (n - k);
}

it("a position's e-value is a fair bet at worst for one who guesses, whatever their move: running sums keep Ville's bound", () => {
  // A player who cannot see plays a move that is the solver's (and keeps the deal) with the same
  // chance q with the true cards as in each of the n completions: the worst case for the bound is
  // when the two indicators coincide, as here. Its expectation must never pass 1.
  for (const n of [0, 1, 4, 16, 24]) {
    for (const q of [0, 0.01, 0.05, 0.3, 0.5, 0.8, 0.95, 1]) {
      const expected = { solver: 0, keeps: 0 };
      for (let k = 0; k <= n; k++) {
        const when = (truth: boolean) =>
          positionEvalues({ completions: n, solverIn: k, keptIn: k, chosenIsSolvers: truth, chosenKeeps: truth });
        expected.solver += binomial(n, k, q) * (q * when(true).solver + (1 - q) * when(false).solver);
        expected.keeps += binomial(n, k, q) * (q * when(true).keeps + (1 - q) * when(false).keeps);
      }
      expect(expected.solver).toBeLessThanOrEqual(1 + 1e-12);
      expect(expected.keeps).toBeLessThanOrEqual(1 + 1e-12);
    }
  }
  // A move every completion and the true cards agree on is worth exactly nothing.
  const agreed = { completions: 16, solverIn: 16, keptIn: 16, chosenIsSolvers: true, chosenKeeps: true };
  expect(positionEvalues(agreed)).toEqual({ solver: 1, keeps: 1 });
});

it('the two models mix into one e-value: never below the better less ln 2, never above it', () => {
  expect(mixtureScore({ solver: 0, keeps: 0 })).toBe(0);
  expect(mixtureScore({ solver: 3, keeps: -40 })).toBeCloseTo(3 - Math.log(2), 12);
  expect(mixtureScore({ solver: -800, keeps: -801 })).toBeCloseTo(-800 + Math.log((1 + Math.exp(-1)) / 2), 9);
  expect(mixtureScore({ solver: 2, keeps: 1 })).toBeLessThan(2);
});
