import { positionFromText, replay } from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { referenceSolve } from './reference.ts';

describe('referenceSolve', () => {
  it('finds the one winning line of a two-move position', () => {
    const start = positionFromText('scorpion', 'KH QH JH TH 9H 8H 7H 6H 5H 4H 2H | 3H | AH');
    const verdict = referenceSolve(start);
    expect(verdict.result).toBe('win');
    if (verdict.result !== 'win') return;
    expect(replay(start, verdict.line)).toMatchObject({ ok: true, status: 'won' });
  });

  it('proves a loss when the last card is buried under its successor', () => {
    const start = positionFromText('scorpion', 'KH QH JH TH 9H 8H 7H 6H 5H 4H 3H | 2h AH');
    expect(referenceSolve(start)).toEqual({ result: 'loss' });
  });
});
