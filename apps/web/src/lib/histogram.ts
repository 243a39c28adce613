/** Bin widths that read well on an axis: 10 s up to 30 min. */
const WIDTHS = [10, 15, 30, 60, 120, 300, 600, 900, 1800].map((s) => s * 1000);

export interface Bin {
  readonly from: number;
  readonly to: number;
  readonly count: number;
  /** The player's own time falls in this bin. */
  readonly mine: boolean;
}

/**
 * Groups finishing times into at most `maxBins` bins of a round width, marking the player's own.
 * A narrow spread is widened to `minBins` bins, so that a lone time is a bar, not a wall.
 */
export function histogram(times: readonly number[], mine: number | undefined, maxBins = 12, minBins = 5): Bin[] {
  const all = mine === undefined ? times : [...times, mine];
  if (all.length === 0) return [];
  const lo = Math.min(...all);
  const hi = Math.max(...all);
  const width = WIDTHS.find((w) => Math.floor(hi / w) - Math.floor(lo / w) < maxBins) ?? WIDTHS[WIDTHS.length - 1]!;
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
  for (const t of times) bins[Math.floor(t / width) - first]!.count++;
  if (mine !== undefined) bins[Math.floor(mine / width) - first]!.mine = true;
  return bins;
}
