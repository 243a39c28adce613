import { z } from 'zod';

/**
 * How hard the solver found a certified deal: 1 to 5 stars (from its search effort and the
 * length of its winning line) and a word for them. It says nothing about the cards.
 */
export const DealDifficulty = z.strictObject({ stars: z.int().min(1).max(5), label: z.string() });
export type DealDifficulty = z.infer<typeof DealDifficulty>;
