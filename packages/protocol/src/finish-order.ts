/** What two racers' finishes are compared by: the same on the server's results and a page's provisional standings. */
export interface Finish {
  readonly won: boolean;
  readonly timeMs: number;
  readonly moves: number;
  readonly progress: number;
  readonly faceDown: number;
}

/** Winners by time (then moves); then the rest by progress, fewer face-down cards, fewer moves. */
export function compareFinish(a: Finish, b: Finish): number {
  if (a.won !== b.won) return a.won ? -1 : 1;
  if (a.won) return a.timeMs - b.timeMs || a.moves - b.moves;
  return b.progress - a.progress || a.faceDown - b.faceDown || a.moves - b.moves;
}
