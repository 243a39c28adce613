import type { Move } from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { lineParam, parseLineParam } from './lineParam.ts';

const EVERY_KIND: Move[] = [
  { kind: 'move', from: 6, row: 5, to: 0 },
  { kind: 'deal' },
  { kind: 'reserve', index: 1, to: 3 },
  { kind: 'foundation', from: 9 },
  { kind: 'unfoundation', foundation: 2, to: 4 },
];

describe('lineParam', () => {
  it('writes every kind of move with characters a query keeps, and reads them back', () => {
    const text = lineParam(EVERY_KIND);
    expect(text).toBe('m6-5-0.d.r1-3.f9.u2-4');
    expect(new URLSearchParams({ from: text }).toString()).toBe(`from=${text}`);
    expect(parseLineParam(text)).toEqual(EVERY_KIND);
    expect(parseLineParam('')).toEqual([]);
  });

  it('refuses a line with anything that is not a move', () => {
    for (const bad of ['m6-5', 'd1', 'x1', 'm6-5-0.', 'm6-5-0..d', 'f', 'r1-2-3', 'm1-2-3-4', 'm-1-2-3']) {
      expect(parseLineParam(bad), bad).toBeUndefined();
    }
  });
});
