import type { TimeBin } from './rest.ts';

/** Bin widths that read well on an axis: 10 s up to 3 h. */
const WIDTHS = [10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10_800].map((s) => s * 1000);

/**
 * Every bin width is a whole number of grains, so times counted per grain (what the server keeps
 * for a day with a million results) fall into exactly the bins the times themselves would.
 */
export const TIME_GRAIN_MS = 5000;

/**
 * Groups finishing times into at most `maxBins` contiguous bins of a round width, marking the
 * bin of `mine` (the player's own time, which also stretches the range if it lies outside).
 * `counts` holds `[timeMs, how many]` pairs: single times, or grain starts with their counts.
 * A narrow spread is widened to `minBins` bins, so that a lone time is a bar, not a wall.
 */
export function histogram(
  counts: readonly (readonly [timeMs: number, count: number])[],
  mine: number | undefined,
  maxBins = 12,
  minBins = 5,
): TimeBin[] {
  let lo = mine ?? Number.POSITIVE_INFINITY;
  let hi = mine ?? Number.NEGATIVE_INFINITY;
  for (const [t] of counts) {
    lo = Math.min(lo, t);
    hi = Math.max(hi, t);
  }
  if (lo > hi) return [];
  const width = WIDTHS.find((w) => Math.floor(hi / w) - Math.floor(lo / w) < maxBins) ?? wideEnough(lo, hi, maxBins);
  let first = Math.floor(lo / width);
  let last = Math.floor(hi / width);
  while (last - first + 1 < minBins) {
    if (first > 0) first--;
    if (last - first + 1 < minBins) last++;
  }
  const bins = Array.from({ length: last - first + 1 }, (_, i) => ({
    from: (first + i) * width,
    to: (first + i + 1) * width,
    count: 0,
    mine: false,
  }));
  for (const [t, n] of counts) bins[Math.floor(t / width) - first]!.count += n;
  if (mine !== undefined) bins[Math.floor(mine / width) - first]!.mine = true;
  return bins;
}

/** Past the round widths (a spread no daily game reaches): whole multiples of the widest one. */
function wideEnough(lo: number, hi: number, maxBins: number): number {
  const widest = WIDTHS[WIDTHS.length - 1]!;
  return Math.ceil((hi - lo + 1) / (maxBins - 1) / widest) * widest;
}
