import { z } from 'zod';

/**
 * How hard the solver found a certified deal: 1 to 5 stars (from its search effort and the
 * length of its winning line) and a word for them. It says nothing about the cards.
 */
export const DealDifficulty = z.strictObject({
  /** 1 (the natural moves win) to 5 (the win hides behind 100,000+ dead ends): the code a client words in its own language. */
  stars: z.int().min(1).max(5),
  /** The stars' English word (Easy, Fair, Tricky, Hard, Fiendish), for logs and API users; the web app words `stars` itself. */
  label: z.string(),
});
export type DealDifficulty = z.infer<typeof DealDifficulty>;
