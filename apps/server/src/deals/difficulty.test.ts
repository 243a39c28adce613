import { expect, test } from 'vitest';
import { publicDifficulty } from './difficulty.ts';

test('stars get a word; the raw score stays on the server; no rating stays no rating', () => {
  expect(publicDifficulty({ stars: 1, score: 1.7 })).toEqual({ stars: 1, label: 'Easy' });
  expect(publicDifficulty({ stars: 3, score: 3.41 })).toEqual({ stars: 3, label: 'Tricky' });
  expect(publicDifficulty({ stars: 5, score: 6.2 })).toEqual({ stars: 5, label: 'Fiendish' });
  expect(publicDifficulty(null)).toBeNull();
});
