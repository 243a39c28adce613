import { type Models, mixtureScore } from './clairvoyance.ts';
import { HOLD_SCORE, isHeld } from './evidence.ts';

/** A player's running assessment: what their weighed games' evidence says together. */
export interface Assessment {
  readonly games: number;
  readonly held: number;
  /** Games whose moves leaned towards seeing the hidden cards (score above 0). */
  readonly leaning: number;
  /**
   * The games' evidence together (nats). Games are independent evidence, so their log e-values
   * add, model by model, and the two models' sums are mixed once over the whole history
   * (`mixtureScore`), not game by game, so the mixture's cost (at most ln 2) is paid once: a
   * player who never passes the threshold in one game but leans that way in every game reaches
   * it over several. An honest player's sum goes down with every guess.
   */
  readonly total: number;
  /** Whether the total alone reaches the hold threshold: worth a person's look, never a sanction. */
  readonly review: boolean;
}

/** One weighed game as the running sum reads it: its score, and whether a moderator has had it before them. */
export interface WeighedGame {
  readonly score: number;
  /** Its log e-value under each model (version 3 on); without them the score counts for both. */
  readonly models?: Models;
  /** Held once already (under review, cleared or confirmed): its lean has been looked at. */
  readonly reviewed: boolean;
}

/**
 * The running assessment over every game of a player's since their first (not a window of the
 * latest: a sliding sum is many tests, and Ville's bound is for one running sum). Its total is
 * the sum of the scores, less the lean of games a moderator has already had before them (a
 * reviewed game's positive score is left out, so that a clear does not send the next game
 * straight back). Leaving out only positive parts keeps each model's sum at or below the full
 * one, so for one who does not see the hidden cards P(ever ≥ threshold) ≤ e^−threshold still
 * holds (each model's product of e-values is a supermartingale, and so is their mixture).
 */
export function assessmentOf(games: readonly (number | WeighedGame)[], threshold: number = HOLD_SCORE): Assessment {
  const weighed = games.map((g) => (typeof g === 'number' ? { score: g, reviewed: false } : g));
  const sum = (model: keyof Models) =>
    weighed.reduce((total, g) => {
      const score = g.models?.[model] ?? g.score;
      return total + (g.reviewed ? Math.min(0, score) : score);
    }, 0);
  const total = mixtureScore({ solver: sum('solver'), keeps: sum('keeps') });
  return {
    games: weighed.length,
    held: weighed.filter((g) => isHeld(g.score, threshold)).length,
    leaning: weighed.filter((g) => g.score > 0).length,
    total,
    review: isHeld(total, threshold),
  };
}
