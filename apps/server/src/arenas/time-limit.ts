import type { VariantId } from '@scorpion/rules';

/**
 * Each arena deal has a time limit of its own, on the server's clock from the moment it is
 * dealt; a deal not won by then is timed out (0 points, the fire out).
 *
 * The one-deck variants get 5 minutes, the shortest limit a race room offers, which a
 * certified-winnable deal of 52 cards fits: an hourly arena of 20 minutes then holds at least
 * four deals even for a player who never wins one, and a streak is within reach of a quick
 * player. Double Scorpion deals 104 cards into ten columns and gets 10 minutes, the limit of a
 * quick race with strangers. Berserk does not shorten the clock (it takes undo away instead).
 */
const MINUTE = 60_000;

export const DEAL_LIMIT_MS: Readonly<Record<VariantId, number>> = {
  scorpion: 5 * MINUTE,
  'scorpion-tail': 5 * MINUTE,
  wasp: 5 * MINUTE,
  'scorpion-ii': 5 * MINUTE,
  'three-blind-mice': 5 * MINUTE,
  'double-scorpion': 10 * MINUTE,
};

/**
 * When a deal dealt at `dealtAt` ends if it is not won, and how: at its own limit it is timed
 * out; cut short by the arena's end, it is `unfinished` and counts for nothing (scoring.ts).
 * A deal may be started at any moment before the end, since one cut short costs nothing.
 */
export function dealDeadline(
  variant: VariantId,
  dealtAt: number,
  arenaEndsAt: number,
): { readonly at: number; readonly outcome: 'timed-out' | 'unfinished' } {
  const limit = dealtAt + DEAL_LIMIT_MS[variant];
  return limit <= arenaEndsAt ? { at: limit, outcome: 'timed-out' } : { at: arenaEndsAt, outcome: 'unfinished' };
}
