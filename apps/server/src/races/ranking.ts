import type { RaceResult } from '@scorpion/protocol';

export type Finisher = Omit<RaceResult, 'rank'>;

/** Winners by time (then moves); then the rest by progress, fewer face-down cards, fewer moves. */
function compare(a: Finisher, b: Finisher): number {
  if (a.won !== b.won) return a.won ? -1 : 1;
  if (a.won) return a.timeMs - b.timeMs || a.moves - b.moves;
  return b.progress - a.progress || a.faceDown - b.faceDown || a.moves - b.moves;
}

/** Ranks a race; players that compare equal share a rank (1, 2, 2, 4). */
export function rankRace(finishers: readonly Finisher[]): RaceResult[] {
  const sorted = [...finishers].sort((a, b) => compare(a, b) || a.playerId.localeCompare(b.playerId));
  return sorted.map((f, i) => {
    let first = i;
    while (first > 0 && compare(sorted[first - 1]!, f) === 0) first--;
    return { ...f, rank: first + 1 };
  });
}
