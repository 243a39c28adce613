import type { Move } from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { assessmentOf } from './assessment.ts';
import { gameEvidence, HOLD_SCORE, isHeld } from './evidence.ts';
import type { PlayedAction } from './played.ts';
import { ACE_ONTO_TWO, FOUR_ONTO_FIVE, GUESS } from './test-positions.ts';

/** `GUESS`: the odds favour AC 5C onto 2C, which loses with these cards. */
const START = GUESS;
const AGAINST_THE_ODDS_RIGHTLY = FOUR_ONTO_FIVE;
const WITH_THE_ODDS_WRONGLY = ACE_ONTO_TWO;
const OPTIONS = {
  clairvoyance: { samples: 24, draws: 96, limits: { nodes: 50_000, ms: 600_000, tableMegabytes: 8 } },
  analysis: { nodes: 200_000, ms: 600_000, tableMegabytes: 8 },
};
const SEED = 'ab'.repeat(16);

/** The same choice made `times` times in the same position, taken back each time, 2 s apart. */
function choosing(move: Move, times: number): PlayedAction[] {
  return Array.from({ length: times }, (_, i) => [
    { action: move, at: 4_000 * i + 2_000 },
    { action: { kind: 'undo' as const }, at: 4_000 * i + 4_000 },
  ]).flat();
}

describe('gameEvidence', () => {
  it('a move against the odds, rightly, leans towards seeing; a guess that went wrong away from it', () => {
    const rightly = gameEvidence(
      { start: START, startedAt: 0, actions: choosing(AGAINST_THE_ODDS_RIGHTLY, 1) },
      SEED,
      OPTIONS,
    );
    expect(rightly.score).toBeGreaterThan(1);
    expect(rightly).toMatchObject({
      held: false,
      undos: 1,
      redos: 0,
      hints: 0,
      clairvoyance: { mattered: 1, agreed: 1 },
    });
    const wrongly = gameEvidence(
      { start: START, startedAt: 0, actions: choosing(WITH_THE_ODDS_WRONGLY, 1) },
      SEED,
      OPTIONS,
    );
    expect(wrongly.score).toBeLessThan(0);
    expect(wrongly).toMatchObject({ held: false, clairvoyance: { mattered: 1, agreed: 0 } });
  });

  it('taking a move back and playing it again adds no evidence', () => {
    const once = gameEvidence(
      { start: START, startedAt: 0, actions: choosing(AGAINST_THE_ODDS_RIGHTLY, 1) },
      SEED,
      OPTIONS,
    );
    const often = gameEvidence(
      { start: START, startedAt: 0, actions: choosing(AGAINST_THE_ODDS_RIGHTLY, 5) },
      SEED,
      OPTIONS,
    );
    expect(often.score).toBe(once.score);
    expect(often.undos).toBe(5);
  });

  it('carries the timing and the analysis of the line as it ended', () => {
    const evidence = gameEvidence(
      { start: START, startedAt: 0, actions: [{ action: WITH_THE_ODDS_WRONGLY, at: 150 }] },
      SEED,
      OPTIONS,
    );
    expect(evidence.timing).toMatchObject({ moves: 1, medianMs: 150, fast: 1 });
    expect(evidence.analysis).toEqual({
      verdicts: ['winnable', 'lost'],
      turningPoint: expect.objectContaining({ move: 0 }),
    });
  });
});

describe('the hold threshold', () => {
  it('holds from ln(100) up: a score one who does not see reaches at most once in a hundred games', () => {
    expect(HOLD_SCORE).toBeCloseTo(4.605, 3);
    expect(Math.exp(-HOLD_SCORE)).toBeCloseTo(0.01);
    expect(isHeld(HOLD_SCORE)).toBe(true);
    expect(isHeld(HOLD_SCORE - 0.001)).toBe(false);
    expect(isHeld(-20)).toBe(false);
  });
});

describe('assessmentOf', () => {
  it('adds the games: several leaning games reach a review that none reached alone', () => {
    const leaning = assessmentOf([2, 1.5, 1.8]);
    expect(leaning).toMatchObject({ games: 3, held: 0, leaning: 3, review: true });
    expect(leaning.total).toBeCloseTo(5.3);
  });

  it('an honest player’s guesses pull the total down; one held game counts as held', () => {
    expect(assessmentOf([HOLD_SCORE, -2.3, -4.6])).toMatchObject({ games: 3, held: 1, leaning: 1, review: false });
    expect(assessmentOf([])).toEqual({ games: 0, held: 0, leaning: 0, total: 0, review: false });
  });
});

describe('assessmentOf over a player’s games, some already reviewed', () => {
  it('leaves out the lean of games a moderator has had before them, never a guess against', () => {
    const games = [
      { score: 3, reviewed: true },
      { score: -1, reviewed: true },
      { score: 2, reviewed: false },
    ];
    expect(assessmentOf(games).total).toBeCloseTo(1);
    expect(assessmentOf(games)).toMatchObject({ games: 3, leaning: 2, review: false });
    expect(assessmentOf([...games, { score: 2.7, reviewed: false }], 3.5)).toMatchObject({ review: true });
  });
});

describe('assessmentOf with each game’s two models', () => {
  it('mixes the models over the whole history, so the mixture’s ln 2 is paid once, not game by game', () => {
    const game = {
      score: Math.log((Math.exp(2) + Math.exp(-5)) / 2),
      models: { solver: 2, keeps: -5 },
      reviewed: false,
    };
    const three = assessmentOf([game, game, game]);
    expect(three.total).toBeCloseTo(Math.log((Math.exp(6) + Math.exp(-15)) / 2), 9);
    expect(three.review).toBe(true);
    // Game by game, the same three would sum to about 3.9: short of ln 100.
    expect(3 * game.score).toBeLessThan(HOLD_SCORE);
    // A reviewed game's lean leaves each model's sum; what went against a model stays.
    expect(assessmentOf([{ ...game, reviewed: true }]).total).toBeCloseTo(Math.log((1 + Math.exp(-5)) / 2), 9);
  });
});
