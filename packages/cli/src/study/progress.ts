import { wilson } from './stats.ts';

/** What the running estimate needs: counts so far (kept as results come, not recomputed). */
export interface Tally {
  readonly key: string;
  readonly deals: number;
  readonly won: number;
  readonly unknown: number;
}

const BAR = 24;
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/**
 * `scorpion [######------------------] 2,500/10,000 · won 12.3% (11.0%–13.6%) · unknown 4 · 3.2 deals/s · 39 min left`:
 * the running estimate after `row.deals` of `total` deals. `perSecond` counts the deals solved
 * in this sitting (skipped ones are free), so the time left is that of the deals still to do.
 */
export function progressText(row: Tally, total: number, perSecond: number): string {
  const rate = row.deals === 0 ? 0 : row.won / row.deals;
  const low = wilson(row.won, row.deals).low;
  const high = wilson(row.won + row.unknown, row.deals).high;
  const filled = total === 0 ? BAR : Math.min(BAR, Math.round((row.deals / total) * BAR));
  const bar = `[${'#'.repeat(filled)}${'-'.repeat(BAR - filled)}]`;
  const parts = [
    `${row.key} ${bar} ${row.deals.toLocaleString('en-US')}/${total.toLocaleString('en-US')}`,
    `won ${pct(rate)} (${pct(low)}–${pct(high)})`,
    `unknown ${row.unknown}`,
  ];
  if (perSecond > 0) {
    parts.push(`${perSecond.toFixed(1)} deals/s`);
    const seconds = Math.ceil((total - row.deals) / perSecond);
    parts.push(seconds < 60 ? `${seconds} s left` : `${Math.ceil(seconds / 60)} min left`);
  }
  return parts.join(' · ');
}
