import { type Card, orderedDeck } from './cards.ts';
import { VARIANTS, type VariantId } from './variants.ts';

/**
 * Seeded deals, identical on every platform and for ever (the fixtures pin them):
 *
 * 1. The seed is 32 hex digits (128 bits), read as four big-endian 32-bit words a, b, c, d.
 * 2. The generator is sfc32 (Chris Doty-Humphrey's Small Fast Counter, 32-bit) with state
 *    (a, b, c, d); it accepts every seed, zero included. Its first 15 outputs are thrown away
 *    so that similar seeds do not start alike.
 * 3. `below(n)` draws a uniform integer in [0, n) by rejection: outputs at or above
 *    2^32 - (2^32 mod n) are drawn again, so no value is favoured.
 * 4. The deck starts in `orderedDeck` order (per copy: clubs, diamonds, hearts, spades, each
 *    Ace to King) and is shuffled by Fisher–Yates from the last card down:
 *    for i = n-1 … 1, swap card i with card below(i + 1).
 */
export const SEED_PATTERN = /^[0-9a-f]{32}$/;

export function isSeed(seed: unknown): seed is string {
  return typeof seed === 'string' && SEED_PATTERN.test(seed);
}

export class Sfc32 {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: string) {
    if (!isSeed(seed)) throw new Error('a seed is 32 lowercase hex digits');
    const word = (i: number) => Number.parseInt(seed.slice(i * 8, i * 8 + 8), 16) >>> 0;
    this.a = word(0);
    this.b = word(1);
    this.c = word(2);
    this.d = word(3);
    for (let i = 0; i < 15; i++) this.next();
  }

  /** The next 32-bit output, as an unsigned integer. */
  next(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** A uniform integer in [0, n), 1 ≤ n ≤ 2^32. */
  below(n: number): number {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const x = this.next();
      if (x < limit) return x % n;
    }
  }
}

/** The shuffled deck for `variant` from a 128-bit hex seed. Throws on a malformed seed. */
export function dealFromSeed(variant: VariantId, seed: string): Card[] {
  const rng = new Sfc32(seed);
  const deck = orderedDeck(VARIANTS[variant].decks);
  for (let i = deck.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    const card = deck[i]!;
    deck[i] = deck[j]!;
    deck[j] = card;
  }
  return deck;
}
