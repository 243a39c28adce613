import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cardCode } from './cards.ts';
import { dealFromSeed, isSeed, Sfc32 } from './seed.ts';
import { isVariantId } from './variants.ts';

/*
 * Seed → deck, pinned for ever: a daily deal or a shared practice link must deal the same cards
 * on every platform and in every future version. `seeded-decks.txt` holds `variant seed deck…`.
 */
const fixture = readFileSync(join(import.meta.dirname, '../test/fixtures/seeded-decks.txt'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => line.split(' '));

describe('seeded deals', () => {
  it.each(fixture.map(([variant, seed, ...deck]) => [variant!, seed!, deck] as const))(
    '%s %s deals the pinned deck',
    (variant, seed, deck) => {
      if (!isVariantId(variant)) throw new Error(variant);
      expect(dealFromSeed(variant, seed).map(cardCode)).toEqual(deck);
    },
  );

  it('pins the generator itself (sfc32 outputs after the 15 discarded)', () => {
    const rng = new Sfc32('0123456789abcdef0123456789abcdef');
    expect(Array.from({ length: 4 }, () => rng.next())).toMatchSnapshot();
  });

  it('draws without bias: below(n) stays in range and reaches every value', () => {
    const rng = new Sfc32('00000000000000000000000000000001');
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const x = rng.below(7);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(7);
      seen.add(x);
    }
    expect(seen.size).toBe(7);
  });

  it('accepts only 32 lowercase hex digits', () => {
    expect(isSeed('0'.repeat(32))).toBe(true);
    for (const bad of ['0'.repeat(31), '0'.repeat(33), 'G'.repeat(32), 'A'.repeat(32), 42, null]) {
      expect(isSeed(bad)).toBe(false);
    }
    expect(() => dealFromSeed('scorpion', 'nope')).toThrow();
  });
});
