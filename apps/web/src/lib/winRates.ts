import type { PublishedWinRates, WinRateRow } from '@scorpion/protocol';
import type { Options, VariantId } from '@scorpion/rules';
import { VARIANTS } from '@scorpion/rules';
import published from '../pages/win-rates.json' with { type: 'json' };

// Typed only: parsing would bring zod into the page's bundle. The CLI writes the file by the schema
// and packages/cli/src/study/published.test.ts checks the committed copy is what it writes.
export const WIN_RATE_ROWS: readonly WinRateRow[] = (published satisfies PublishedWinRates).rows;

/** `12.3%`. */
export function percent(share: number): string {
  return `${(100 * share).toFixed(1)}%`;
}

export function rowFor(
  variant: VariantId,
  options: Options,
  rows: readonly WinRateRow[] = WIN_RATE_ROWS,
): WinRateRow | undefined {
  return rows.find((r) => r.variant === variant && r.foundations === options.foundations && r.open === options.open);
}

/**
 * How a daily deal of `stars` compares with the winnable deals of the study (its won deals, by
 * rating): `Harder than 72.0% of winnable Scorpion deals, as hard as 17.0%, easier than 11.0%.`
 * At either end one side is empty, and "harder than 0.0%" reads as a riddle: the deal is said to
 * be among the easiest (or hardest) instead, with the figures that still say something. Undefined
 * for a deal not rated, a variant the study has no wins for, or one whose wins are all rated alike.
 */
export function comparedWithStudy(
  variant: VariantId,
  options: Options,
  stars: number | null,
  rows: readonly WinRateRow[] = WIN_RATE_ROWS,
): string | undefined {
  const row = rowFor(variant, options, rows);
  if (stars === null || !row) return undefined;
  const total = row.stars.reduce((a, b) => a + b, 0);
  if (total === 0) return undefined;
  const share = (from: number, to: number) => row.stars.slice(from, to).reduce((a, b) => a + b, 0) / total;
  const easier = share(0, stars - 1);
  const same = share(stars - 1, stars);
  const harder = share(stars, row.stars.length);
  if (easier === 0 && harder === 0) return undefined;
  const deals = `winnable ${row.foundations || row.open ? row.name : VARIANTS[variant].name} deals`;
  if (easier === 0) {
    if (same === 0) return `Easier than all ${deals}.`;
    return `Among the easiest ${deals}: as easy as ${percent(same)} of them, easier than ${percent(harder)}.`;
  }
  if (harder === 0) {
    if (same === 0) return `Harder than all ${deals}.`;
    return `Among the hardest ${deals}: as hard as ${percent(same)} of them, harder than ${percent(easier)}.`;
  }
  return `Harder than ${percent(easier)} of ${deals}, as hard as ${percent(same)}, easier than ${percent(harder)}.`;
}
