import type { WinRateRow } from '@scorpion/protocol';
import { describe, expect, it } from 'vitest';
import { comparedWithStudy, percent, rowFor, WIN_RATE_ROWS } from './winRates.ts';

const PLAIN = { foundations: false, open: false };
const row: WinRateRow = {
  variant: 'scorpion',
  name: 'Scorpion',
  foundations: false,
  open: false,
  key: 'scorpion',
  deals: 1000,
  won: 100,
  lost: 890,
  unknown: 10,
  rate: 0.1,
  low: 0.083,
  high: 0.13,
  medianMs: 0,
  p99Ms: 4000,
  totalMs: 200_000,
  stars: [50, 20, 15, 10, 5],
};

describe('win rates', () => {
  it('reads the published table, one row per variant and options', () => {
    expect(rowFor('scorpion', PLAIN)?.key).toBe('scorpion');
    expect(new Set(WIN_RATE_ROWS.map((r) => r.key)).size).toBe(WIN_RATE_ROWS.length);
    for (const r of WIN_RATE_ROWS) expect(r.won + r.lost + r.unknown).toBe(r.deals);
  });

  it('says where a daily deal stands among the winnable deals of its variant', () => {
    expect(comparedWithStudy('scorpion', PLAIN, 3, [row])).toBe(
      'Harder than 70% of winnable Scorpion deals and easier than 15%; the other 15% are about as hard.',
    );
  });

  it('says a deal at either end of the ratings is one of the easiest or the hardest, not "harder than 0%"', () => {
    expect(comparedWithStudy('scorpion', PLAIN, 1, [row])).toBe(
      'One of the easiest winnable Scorpion deals: 50% of them are harder, none is easier.',
    );
    expect(comparedWithStudy('scorpion', PLAIN, 5, [row])).toBe(
      'One of the hardest winnable Scorpion deals: 95% of them are easier, none is harder.',
    );
    // A sliver is not rounded away to nothing.
    expect(comparedWithStudy('scorpion', PLAIN, 1, [{ ...row, stars: [999, 1, 0, 0, 0] }])).toBe(
      'One of the easiest winnable Scorpion deals: under 1% of them are harder, none is easier.',
    );
    // A rating past the end of the study's wins: beyond every one of them, not "as hard as 0.0%".
    expect(comparedWithStudy('scorpion', PLAIN, 4, [{ ...row, stars: [50, 20, 15, 0, 0] }])).toBe(
      'Harder than all winnable Scorpion deals.',
    );
    expect(comparedWithStudy('scorpion', PLAIN, 1, [{ ...row, stars: [0, 20, 15, 10, 5] }])).toBe(
      'Easier than all winnable Scorpion deals.',
    );
  });

  it('says nothing for a deal not rated, options the study has no row for, or wins all rated alike', () => {
    expect(comparedWithStudy('scorpion', PLAIN, null, [row])).toBeUndefined();
    expect(comparedWithStudy('scorpion', { foundations: false, open: true }, 3, [row])).toBeUndefined();
    expect(comparedWithStudy('scorpion', PLAIN, 3, [{ ...row, stars: [0, 0, 0, 0, 0] }])).toBeUndefined();
    // Every won deal rated alike: there is nothing to be harder or easier than.
    expect(comparedWithStudy('scorpion', PLAIN, 2, [{ ...row, stars: [0, 100, 0, 0, 0] }])).toBeUndefined();
  });

  it('writes shares as percentages with one decimal', () => {
    expect(percent(0.1234)).toBe('12.3%');
    expect(percent(1)).toBe('100.0%');
  });
});
