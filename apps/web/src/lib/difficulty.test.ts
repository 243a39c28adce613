import { describe, expect, it } from 'vitest';
import { difficultyName, starsText } from './difficulty.ts';

describe('difficulty', () => {
  it('draws filled then empty stars, five in all', () => {
    expect(starsText(3)).toEqual({ filled: '★★★', empty: '☆☆' });
    expect(starsText(1)).toEqual({ filled: '★', empty: '☆☆☆☆' });
    expect(starsText(5)).toEqual({ filled: '★★★★★', empty: '' });
  });

  it('names the rating for screen readers, never outside 0–5', () => {
    expect(difficultyName(3)).toBe('Difficulty 3 of 5');
    expect(difficultyName(9)).toBe('Difficulty 5 of 5');
    expect(difficultyName(-1)).toBe('Difficulty 0 of 5');
  });
});
