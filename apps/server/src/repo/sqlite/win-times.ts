import { TIME_GRAIN_MS } from '@scorpion/protocol';
import { and, asc, count, eq, gt, gte, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { dailyCounts, dailyResults } from '../../db/schema.ts';
import { dailySortKey } from '../sort-key.ts';
import type { TimeCounts } from '../types.ts';

/** A win's board key is its time, then its moves (sort-key.ts): a span of times is a span of keys. */
const firstKeyAt = (timeMs: number) => dailySortKey({ won: true, timeMs, moves: 0, progress: 0, faceDown: 0 });

/** Every loss sorts after every win: the lowest key a loss can have. */
const LOSSES_FROM = dailySortKey({
  won: false,
  timeMs: 0,
  moves: 0,
  progress: Number.POSITIVE_INFINITY,
  faceDown: 0,
});

interface Tally {
  /** Verified wins per grain start (ms). */
  readonly counts: Map<number, number>;
  /** The day's win counter (`daily_counts.won`) the counts agree with. */
  readonly won: number;
  /** The newest result row (rowid) the counts have seen. */
  readonly rowid: number;
}

/**
 * Finishing times of each day's verified wins, per `TIME_GRAIN_MS`. Counting them means walking
 * the board index over every win of the day (about 100 ms with a million results), so the tally of
 * the last `keepDates` days asked for stays in memory and is brought up to date from the result
 * rows stored since: rowids only grow, as results are never deleted. The day's win counter, which
 * the transaction storing a result also updates, says when nothing changed and checks what the
 * catch-up found; on any mismatch (or a long way behind) the day is counted again from the index.
 */
export function sqliteWinTimes(db: Db, keepDates = 8, catchUpRows = 10_000) {
  const tallies = new Map<string, Tally>();
  const onBoard = and(eq(dailyResults.date, sql.placeholder('date')), eq(dailyResults.verified, true));

  const wonOf = db
    .select({ won: dailyCounts.won })
    .from(dailyCounts)
    .where(eq(dailyCounts.date, sql.placeholder('date')))
    .prepare();
  const newestRow = db.select({ rowid: sql<number | null>`max(rowid)` }).from(dailyResults).prepare();
  // Only the rowid range, so the planner cannot prefer the board index; the rest is sorted out here.
  const rowsBetween = db
    .select({
      date: dailyResults.date,
      won: dailyResults.won,
      verified: dailyResults.verified,
      timeMs: dailyResults.timeMs,
    })
    .from(dailyResults)
    .where(and(gt(sql`rowid`, sql.placeholder('after')), lte(sql`rowid`, sql.placeholder('upTo'))))
    .prepare();
  const firstWinFrom = db
    .select({ timeMs: dailyResults.timeMs })
    .from(dailyResults)
    .where(and(onBoard, gte(dailyResults.sortKey, sql.placeholder('key')), lt(dailyResults.sortKey, LOSSES_FROM)))
    .orderBy(asc(dailyResults.sortKey))
    .limit(1)
    .prepare();
  const winsBetween = db
    .select({ n: count() })
    .from(dailyResults)
    .where(
      and(onBoard, gte(dailyResults.sortKey, sql.placeholder('from')), lt(dailyResults.sortKey, sql.placeholder('to'))),
    )
    .prepare();

  const grainOf = (timeMs: number) => Math.floor(timeMs / TIME_GRAIN_MS) * TIME_GRAIN_MS;

  /** One range count per grain that holds a win, jumping over the empty ones. */
  function countAll(date: string): Map<number, number> {
    const counts = new Map<number, number>();
    let key = firstKeyAt(0);
    for (let next = firstWinFrom.get({ date, key }); next; next = firstWinFrom.get({ date, key })) {
      const grain = grainOf(next.timeMs);
      const end = firstKeyAt(grain + TIME_GRAIN_MS);
      // Keys stop growing at the time cap of the sort key (half a year, beyond any daily game).
      if (end <= key) break;
      counts.set(grain, winsBetween.get({ date, from: firstKeyAt(grain), to: end })!.n);
      key = end;
    }
    return counts;
  }

  /** The tally with the wins stored since added, or undefined when they do not add up. */
  function caughtUp(tally: Tally, date: string, won: number, newest: number): Tally | undefined {
    if (newest - tally.rowid > catchUpRows) return undefined;
    const found = rowsBetween
      .all({ after: tally.rowid, upTo: newest })
      .filter((r) => r.date === date && r.verified && r.won);
    if (found.length !== won - tally.won) return undefined;
    for (const r of found) tally.counts.set(grainOf(r.timeMs), (tally.counts.get(grainOf(r.timeMs)) ?? 0) + 1);
    return { counts: tally.counts, won, rowid: newest };
  }

  function upToDate(cached: Tally | undefined, date: string, won: number, newest: number): Tally {
    // The counter did not move: no win was stored for this day since.
    if (cached?.won === won) return { ...cached, rowid: newest };
    return (cached && caughtUp(cached, date, won, newest)) ?? { counts: countAll(date), won, rowid: newest };
  }

  return (date: string): TimeCounts =>
    // One read transaction: the counter and the rows are the same snapshot.
    db.transaction(() => {
      const won = wonOf.get({ date })?.won ?? 0;
      const tally = upToDate(tallies.get(date), date, won, newestRow.get()?.rowid ?? 0);
      // Most recently used last, so the first key is the one to drop.
      tallies.delete(date);
      tallies.set(date, tally);
      if (tallies.size > keepDates) tallies.delete(tallies.keys().next().value!);
      return [...tally.counts];
    });
}
