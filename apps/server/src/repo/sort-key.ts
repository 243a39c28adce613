/**
 * One integer that orders a daily board, so the top page is one index range scan:
 * winners first, by time then moves; then everyone else by progress (more first), face-down
 * cards left (fewer first), moves (fewer first). Stays below 2^53.
 */
export function dailySortKey(r: {
  won: boolean;
  timeMs: number;
  moves: number;
  progress: number;
  faceDown: number;
}): number {
  const moves = Math.min(r.moves, 2 ** 16 - 1);
  if (r.won) return Math.min(r.timeMs, 2 ** 34 - 1) * 2 ** 16 + moves;
  const behind = 127 - Math.min(r.progress, 127);
  return 2 ** 50 + behind * 2 ** 36 + Math.min(r.faceDown, 255) * 2 ** 28 + moves;
}
