import { z } from 'zod';

/**
 * A variant's figures in the win-rate table, from the deals of its `scorpion study` solved so far.
 * Written by `pnpm --silent scorpion win-rates` (packages/cli) into `apps/web/src/pages/win-rates.json`,
 * which the web app reads: this schema is the one shape both sides hold to.
 */
export const WinRateStats = z.object({
  /** The study's name: the variant and its options, `scorpion+open`. */
  key: z.string(),
  deals: z.number().int().nonnegative(),
  won: z.number().int().nonnegative(),
  lost: z.number().int().nonnegative(),
  unknown: z.number().int().nonnegative(),
  /** Share of deals proven won. */
  rate: z.number().min(0).max(1),
  /**
   * The 95% interval of the true win rate with the unknowns counted both ways: from the Wilson
   * low of "every unknown is lost" to the Wilson high of "every unknown is won".
   */
  low: z.number().min(0).max(1),
  high: z.number().min(0).max(1),
  medianMs: z.number(),
  p99Ms: z.number(),
  /** The solver's time summed over the deals (on one core: the study's length with one worker). */
  totalMs: z.number().nonnegative(),
  /** Won deals per difficulty star (index 0 is ★), as the daily page rates its deal. */
  stars: z.array(z.number().int().nonnegative()).length(5),
});
export type WinRateStats = z.infer<typeof WinRateStats>;

/** A row of the published table: the figures with the variant and options they are of. */
export const WinRateRow = WinRateStats.extend({
  variant: z.string(),
  /** `Scorpion, open`. */
  name: z.string(),
  foundations: z.boolean(),
  open: z.boolean(),
});
export type WinRateRow = z.infer<typeof WinRateRow>;

/** The whole published file. */
export const PublishedWinRates = z.object({ rows: z.array(WinRateRow) });
export type PublishedWinRates = z.infer<typeof PublishedWinRates>;
