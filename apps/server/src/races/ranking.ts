import { compareFinish as compare, type RaceResult } from '@scorpion/protocol';

export type Finisher = Omit<RaceResult, 'rank'>;

/**
 * Players who share a rank are listed by id, compared code unit by code unit: the same order
 * wherever the list is made (the race-over frame, or rows read back from either store, whose
 * collations differ), so a room's history shows a race's results as its end did.
 */
function byId(a: { playerId: string }, b: { playerId: string }): number {
  return a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0;
}

/** The order of a race's ranked results: by rank, ties by id. */
export function resultOrder(a: RaceResult, b: RaceResult): number {
  return a.rank - b.rank || byId(a, b);
}

/** Ranks a race; players that compare equal share a rank (1, 2, 2, 4). */
export function rankRace(finishers: readonly Finisher[]): RaceResult[] {
  const sorted = [...finishers].sort((a, b) => compare(a, b) || byId(a, b));
  return sorted.map((f, i) => {
    let first = i;
    while (first > 0 && compare(sorted[first - 1]!, f) === 0) first--;
    return { ...f, rank: first + 1 };
  });
}
