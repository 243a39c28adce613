/** Where a rating history's points go in a chart of `width` × `height` (with `pad` around). */
export function chartPoints(
  ratings: readonly number[],
  width: number,
  height: number,
  pad: number,
): { points: { x: number; y: number }[]; min: number; max: number } {
  if (ratings.length === 0) return { points: [], min: 0, max: 0 };
  // At least 100 points of range: one race's small change does not fill the whole height.
  const low = Math.min(...ratings);
  const high = Math.max(...ratings);
  const spread = Math.max(100, high - low);
  const min = Math.floor((low + high - spread) / 2);
  const max = min + spread;
  const step = ratings.length > 1 ? (width - 2 * pad) / (ratings.length - 1) : 0;
  const points = ratings.map((r, i) => ({
    x: ratings.length > 1 ? pad + i * step : width / 2,
    y: pad + ((max - r) / spread) * (height - 2 * pad),
  }));
  return { points, min, max };
}
