import { type Move, positionFromText, replay } from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { referenceSolve } from '../reference.ts';
import { BURIED } from './test-positions.ts';
import { analyseLine, positionsAlong } from './verdicts.ts';

const LIMITS = { nodes: 200_000, ms: 600_000, tableMegabytes: 8 };

/** `BURIED` (test-positions.ts): winnable, until 8C 7C 6C go onto 9C. */
const START = BURIED;
const KING_TO_FIRST: Move = { kind: 'move', from: 2, row: 3, to: 0 };
const KING_TO_SECOND: Move = { kind: 'move', from: 0, row: 0, to: 1 };
const BURY_FIVE: Move = { kind: 'move', from: 2, row: 0, to: 1 };

describe('analyseLine', () => {
  it('finds the move that lost a winnable deal, with a win from the position before it', () => {
    const line = [KING_TO_FIRST, KING_TO_SECOND, BURY_FIVE];
    // The fixture is what the comment says, by the plain exhaustive search.
    const truth = positionsAlong(START, line).map((state) => referenceSolve(state).result);
    expect(truth).toEqual(['win', 'win', 'win', 'loss']);

    const analysis = analyseLine(START, line, LIMITS);
    expect(analysis.verdicts).toEqual(['winnable', 'winnable', 'winnable', 'lost']);
    expect(analysis.turningPoint?.move).toBe(2);
    const before = positionsAlong(START, line.slice(0, 2))[2]!;
    expect(replay(before, analysis.turningPoint!.winningLine)).toMatchObject({ ok: true, status: 'won' });
  });

  it('asks the solver about log2(moves) times on a long line, and the verdicts stay monotone', () => {
    // Back and forth between the empty columns 20 times, then the losing move.
    const shuffle = Array.from(
      { length: 40 },
      (_, i): Move => ({ kind: 'move', from: i % 2, row: 0, to: 1 - (i % 2) }),
    );
    const line = [KING_TO_FIRST, ...shuffle, { kind: 'move', from: 2, row: 0, to: 0 } as const];
    const analysis = analyseLine(START, line, LIMITS);
    expect(analysis.turningPoint?.move).toBe(41);
    expect(analysis.solves).toBeLessThanOrEqual(2 + Math.ceil(Math.log2(line.length + 1)));
    const firstLost = analysis.verdicts.indexOf('lost');
    expect(analysis.verdicts.slice(0, firstLost).every((v) => v === 'winnable')).toBe(true);
    expect(analysis.verdicts.slice(firstLost).every((v) => v === 'lost')).toBe(true);
  });

  it('a line that stays winnable has no turning point, and a won game needs no solve', () => {
    const kept = analyseLine(START, [KING_TO_FIRST, KING_TO_SECOND], LIMITS);
    expect(kept.verdicts).toEqual(['winnable', 'winnable', 'winnable']);
    expect(kept.turningPoint).toBeUndefined();
    const won = positionFromText('scorpion', 'KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C AC | |');
    expect(analyseLine(won, [], LIMITS)).toMatchObject({ verdicts: ['winnable'], solves: 0 });
  });

  it('what the budget cannot decide is not decided, never guessed', () => {
    const analysis = analyseLine(START, [KING_TO_FIRST, KING_TO_SECOND, BURY_FIVE], { nodes: 1, ms: 600_000 });
    expect(analysis.turningPoint).toBeUndefined();
    expect(analysis.verdicts).toContain('not-decided');
  });
});
