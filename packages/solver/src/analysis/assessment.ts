import { isHeld } from './evidence.ts';

/** A player's running assessment: what their recent games' evidence says together. */
export interface Assessment {
  readonly games: number;
  readonly held: number;
  /** Games whose moves leaned towards seeing the hidden cards (score above 0). */
  readonly leaning: number;
  /**
   * The scores summed (nats). Games are independent evidence, so their log-likelihood ratios add:
   * a player who never passes the threshold in one game but leans that way in every game
   * reaches it over several. An honest player's sum goes down with every guess.
   */
  readonly total: number;
  /** Whether the total alone reaches the hold threshold: worth a person's look, never a sanction. */
  readonly review: boolean;
}

export function assessmentOf(scores: readonly number[]): Assessment {
  const total = scores.reduce((a, b) => a + b, 0);
  return {
    games: scores.length,
    held: scores.filter((s) => isHeld(s)).length,
    leaning: scores.filter((s) => s > 0).length,
    total,
    review: isHeld(total),
  };
}
