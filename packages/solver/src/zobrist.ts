import { FACES, Sfc32 } from '@scorpion/rules';

/*
 * Random 64-bit codes for hashing positions, each as two 32-bit halves. Drawn from a fixed seed so
 * that node counts are reproducible from run to run. Codes are by face (card % 52), not by
 * physical card: the rules only ever look at faces, so two Double Scorpion positions that differ
 * only in which copy of a face lies where are the same position for the search.
 */
export const ROWS = 2 * FACES;
const rng = new Sfc32('5c0491de5c0491de5c0491de5c0491de');

function codes(count: number, zeroFirst = false): Int32Array {
  const table = new Int32Array(count);
  for (let i = zeroFirst ? 1 : 0; i < count; i++) table[i] = rng.next() | 0;
  return table;
}

/** `CARD_*[face * ROWS + row]`: a card of that face at that row of a column. */
export const CARD_LO = codes(FACES * ROWS);
export const CARD_HI = codes(FACES * ROWS);
/** How many cards at the bottom of a column are face down; 0 has code 0 so an empty column hashes to 0. */
export const HIDDEN_LO = codes(ROWS + 1, true);
export const HIDDEN_HI = codes(ROWS + 1, true);
/** Index 0 for columns whose place does not matter; 1–3 for columns 1–3 while the stock is undealt. */
export const SALT_LO = codes(4);
export const SALT_HI = codes(4);
/** A reserve card, by face. */
export const RESERVE_LO = codes(FACES);
export const RESERVE_HI = codes(FACES);
/** `FOUNDATION_*[suit * 3 + n]`: n runs of that suit in the foundations (n = 0 has code 0). */
export const FOUNDATION_LO = Int32Array.from(codes(12), (v, i) => (i % 3 === 0 ? 0 : v));
export const FOUNDATION_HI = Int32Array.from(codes(12), (v, i) => (i % 3 === 0 ? 0 : v));
/** The stock has not been dealt yet. */
export const STOCK_LO = rng.next() | 0;
export const STOCK_HI = rng.next() | 0;

/** murmur3's finaliser: makes a column's code a non-linear function of its cards. */
export function fmix(h: number): number {
  let x = h ^ (h >>> 16);
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  return x ^ (x >>> 16);
}
