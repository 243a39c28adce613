/*
 * Rated games between the same two accounts count less each time within a UTC day (issue #32):
 * two people behind one address may race each other, so rating must not be farmed between one's
 * own accounts. A racer's n-th rated race of the day against someone they already raced that day
 * moves their rating by 1/n of what it would: the first game in full, the second by half, the
 * third by a third. The day is the server clock's UTC day, as the daily's.
 */

/** How much a rated race moves a racer's rating, after `earlier` rated races today against one of its racers. */
export function repeatFactor(earlier: number): number {
  return 1 / (1 + Math.max(0, earlier));
}

/** A rating as OpenSkill reads it (`model.ts`, which imports this file, calls it a `Skill`). */
interface Belief {
  readonly mu: number;
  readonly sigma: number;
}

/** The rating after a race, moved from `before` towards `after` by `factor` only. */
export function damped(before: Belief, after: Belief, factor: number): Belief {
  return {
    mu: before.mu + (after.mu - before.mu) * factor,
    sigma: before.sigma + (after.sigma - before.sigma) * factor,
  };
}

/** The start of `now`'s UTC day: rated races since then count as today's. */
export function startOfUtcDay(now: number): number {
  return now - (((now % 86_400_000) + 86_400_000) % 86_400_000);
}

/**
 * For each racer, the most rated races they finished today with any one of the others, from
 * pair counts (each pair in both orders): the repetition that scales their rating change.
 */
export function earlierToday(pairs: readonly { a: string; b: string; races: number | string }[]): Map<string, number> {
  const most = new Map<string, number>();
  for (const { a, races } of pairs) most.set(a, Math.max(most.get(a) ?? 0, Number(races)));
  return most;
}
