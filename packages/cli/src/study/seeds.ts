import { createHash } from 'node:crypto';
import type { VariantId } from '@scorpion/rules';

/**
 * The seed of a study's deal number `index`: the first 128 bits of SHA-256 of
 * `scorpion-study/VARIANT/INDEX`. Anyone can rebuild the same deals, the list is unbounded (a
 * study grows by asking for more deals), and no deal is picked. Options do not take part: the
 * open and foundations rows play the same deals as the plain row, so they compare deal by deal.
 */
export function studySeed(variant: VariantId, index: number): string {
  return createHash('sha256').update(`scorpion-study/${variant}/${index}`).digest('hex').slice(0, 32);
}
