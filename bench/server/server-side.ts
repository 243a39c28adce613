import { readMetrics } from './metrics.ts';

/** The bounds, in ms, of `scorpion_move_roundtrip_seconds` buckets the load reports shares over. */
export const SERVER_SIDE_BOUNDS_MS = [1, 2.5, 5, 10] as const;

/** Cumulative counts of the server's round-trip histogram: at each bound, then the total. */
export type RoundtripCounts = readonly number[];

/**
 * The server's own round-trip histogram (a frame's arrival to its ack written), from its
 * `/metrics`: what the server adds, without the machine's scheduling or the clients.
 */
export async function roundtripCounts(url: string, token: string): Promise<RoundtripCounts> {
  const value = await readMetrics(url, token);
  return [
    ...SERVER_SIDE_BOUNDS_MS.map((bound) => value(`scorpion_move_roundtrip_seconds_bucket{le="${bound / 1000}"}`)),
    value('scorpion_move_roundtrip_seconds_count'),
  ];
}

/** Of the acks between two readings, the share that took the server longer than each bound. */
export function sharesOver(before: RoundtripCounts, after: RoundtripCounts): number[] {
  const total = after.at(-1)! - before.at(-1)!;
  return SERVER_SIDE_BOUNDS_MS.map((_, i) => (total === 0 ? 0 : (total - (after[i]! - before[i]!)) / total));
}
