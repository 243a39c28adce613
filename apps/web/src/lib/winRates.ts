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

/** A share in whole percent, as a sentence says it (`49%`); never `0%` or `100%` for a share that is neither. */
function roughly(share: number): string {
  if (share > 0 && share < 0.005) return 'under 1%';
  if (share < 1 && share > 0.995) return 'over 99%';
  return `${Math.round(100 * share)}%`;
}

/**
 * How a daily deal of `stars` compares with the winnable deals of the study (its won deals, by
 * rating), in words a player reads at a glance: `Harder than 72% of winnable Scorpion deals and
 * easier than 11%; the other 17% are about as hard.` At either end one side is empty, and "harder
 * than 0%" reads as a riddle: the deal is said to be one of the easiest (or hardest) instead.
 * Undefined for a deal not rated, a variant the study has no wins for, or one whose wins are all
 * rated alike.
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
    return `One of the easiest ${deals}: ${roughly(harder)} of them are harder, none is easier.`;
  }
  if (harder === 0) {
    if (same === 0) return `Harder than all ${deals}.`;
    return `One of the hardest ${deals}: ${roughly(easier)} of them are easier, none is harder.`;
  }
  return `Harder than ${roughly(easier)} of ${deals} and easier than ${roughly(harder)}; the other ${roughly(same)} are about as hard.`;
}
