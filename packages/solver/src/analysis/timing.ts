/**
 * Below this a move was made faster than a person reads a board: the card to move found, its
 * place found, the hand moved. Single fast moves are common (the obvious follow-up); a game
 * made mostly of them is not.
 */
export const READ_MS = 300;

export interface Timing {
  readonly moves: number;
  readonly medianMs: number;
  /** Standard deviation over mean of the thinking times: people vary (well above 1), a script barely. */
  readonly spread: number;
  /** Moves made faster than `READ_MS`. */
  readonly fast: number;
}

/** How a player's thinking times look: how long, how flat, how many too fast to have read the board. */
export function timingOf(thinkMs: readonly number[]): Timing {
  const moves = thinkMs.length;
  if (moves === 0) return { moves, medianMs: 0, spread: 0, fast: 0 };
  const sorted = [...thinkMs].sort((a, b) => a - b);
  const middle = Math.floor(moves / 2);
  const medianMs = moves % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  const mean = thinkMs.reduce((a, b) => a + b, 0) / moves;
  const variance = thinkMs.reduce((sum, t) => sum + (t - mean) ** 2, 0) / moves;
  const spread = mean === 0 ? 0 : Math.sqrt(variance) / mean;
  return { moves, medianMs, spread, fast: thinkMs.filter((t) => t < READ_MS).length };
}
