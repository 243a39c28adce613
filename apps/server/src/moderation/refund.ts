import { shownRating } from '../ratings/model.ts';
import type { RefundRace, RefundRow, VictimRating } from '../repo/types.ts';

/*
 * Rating refunds after a mark, after lichess's RatingRefund: the marked player's rated races of
 * the last 5 days, the latest 40, give back to each opponent they finished ahead of the points
 * that race cost them, summed per opponent and bounded. A race has up to 8 racers: an opponent
 * the marked player beat gets back the whole of that race's loss (without the cheat, they would
 * have finished a place higher, and their rating would not have fallen so).
 */

export const REFUND_DAYS = 5;
export const REFUND_RACES = 40;
/** No opponent gets back more than this, in shown points, for one mark. */
export const REFUND_MAX = 150;
/** Nor more than this above the highest rating they ever had. */
export const REFUND_ABOVE_HIGHEST = 20;

/** A shown rating as the mean it stands for (the inverse of `shownRating`). */
const PER_MU = shownRating(1);

interface Loss {
  /** Shown points lost, summed over the races. */
  lost: number;
  /** The highest rating they stood at before any of those races. */
  top: number;
}

/** What each opponent lost, race by race, to the marked player. */
export function lossesTo(markedId: string, races: readonly RefundRace[]): Map<string, Loss> {
  const losses = new Map<string, Loss>();
  for (const race of races) {
    const marked = race.racers.find((r) => r.playerId === markedId);
    if (!marked) continue;
    for (const r of race.racers) {
      if (r.playerId === markedId || r.rank <= marked.rank || r.mu >= r.muBefore) continue;
      const lost = shownRating(r.muBefore) - shownRating(r.mu);
      const before = losses.get(r.playerId);
      const top = shownRating(r.muBefore);
      losses.set(r.playerId, before ? { lost: before.lost + lost, top: Math.max(before.top, top) } : { lost, top });
    }
  }
  return losses;
}

/**
 * The points given back for a loss, from the rating now and the highest ever: the loss, less
 * half of whatever the rating has since climbed past where it stood (points won back already
 * count half), never above the highest ever plus 20, nor above 150, nor below nothing.
 */
export function refundPoints(loss: Loss, current: number, highest: number): number {
  const regained = Math.max(0, loss.lost + current - loss.top);
  const points = Math.min(loss.lost - Math.floor(regained / 2), highest - current + REFUND_ABOVE_HIGHEST);
  return Math.max(0, Math.min(REFUND_MAX, points));
}

/** The refunds a mark gives: one per opponent who lost points to the marked player, if any is due. */
export function refundsFor(
  markedId: string,
  races: readonly RefundRace[],
  victims: readonly VictimRating[],
): RefundRow[] {
  const refunds: RefundRow[] = [];
  for (const [victimId, loss] of lossesTo(markedId, races)) {
    const victim = victims.find((v) => v.playerId === victimId);
    if (!victim) continue;
    const points = refundPoints(loss, shownRating(victim.mu), shownRating(victim.highestMu));
    if (points > 0) refunds.push({ victimId, points, mu: points / PER_MU });
  }
  return refunds.sort((a, b) => (a.victimId < b.victimId ? -1 : 1));
}
