import { readMetrics } from './metrics.ts';

/** The server's WAL catch-ups so far (its whole run), by outcome, and their mean hold. */
export interface WalHolds {
  readonly caughtUp: number;
  readonly behind: number;
  readonly timedOut: number;
  readonly meanHoldMs: number;
}

/** From the server's `/metrics`; undefined for a build without the WAL keeper (an older base). */
export async function walHolds(url: string, token: string): Promise<WalHolds | undefined> {
  const value = await readMetrics(url, token);
  try {
    const count = value('scorpion_wal_hold_seconds_count');
    return {
      caughtUp: value('scorpion_wal_catchups_total{outcome="caught-up"}'),
      behind: value('scorpion_wal_catchups_total{outcome="behind"}'),
      timedOut: value('scorpion_wal_catchups_total{outcome="timed-out"}'),
      meanHoldMs: count === 0 ? 0 : (value('scorpion_wal_hold_seconds_sum') / count) * 1000,
    };
  } catch {
    return undefined;
  }
}

/** `caught-up / behind / timed-out, mean hold` for a table cell, or `-` without a keeper. */
export function formatWalHolds(holds: WalHolds | undefined): string {
  if (!holds) return '-';
  return `${holds.caughtUp} / ${holds.behind} / ${holds.timedOut}, ${holds.meanHoldMs.toFixed(1)} ms`;
}
