import { describe, expect, it } from 'vitest';
import { difficultyOf } from './difficulty.ts';

describe('difficultyOf', () => {
  it('rates a deal won at once one star and a hard search five', () => {
    expect(difficultyOf(52, 52, 52)).toEqual({ stars: 1, score: 1.72 });
    expect(difficultyOf(2_000, 60, 52).stars).toBe(3);
    expect(difficultyOf(250_000, 52, 52).stars).toBe(5);
  });

  it('counts a long winding line', () => {
    expect(difficultyOf(60, 104, 52).stars).toBe(3);
  });
});
