/**
 * The Wilson score interval at 95% for k successes in n trials. A few honest lines rather than
 * a dependency: the formula is Wilson's (1927), the z of 1.96 is the two-sided 95% normal
 * quantile, and the tests check it against published values. It behaves at k = 0 and k = n
 * (never below 0 or above 1), where the normal approximation does not.
 */
export function wilson(k: number, n: number): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const z = 1.96;
  const p = k / n;
  const z2n = (z * z) / n;
  const centre = (p + z2n / 2) / (1 + z2n);
  const half = (z / (1 + z2n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** The nearest-rank quantile of sorted values (the smallest value with at least q of them at or below). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
}
