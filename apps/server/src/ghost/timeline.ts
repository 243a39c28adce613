import type { GameStatus } from '@scorpion/protocol';
import { LiveGame } from '../games/live-game.ts';
import type { GameRow, StoredAction } from '../repo/types.ts';

/** Where a recorded game stood at one moment of its clock: never a card. */
export interface GhostPoint {
  /** Time on the recorded game's clock, from its start. */
  readonly atMs: number;
  readonly progress: number;
  readonly faceDown: number;
  readonly moves: number;
  readonly state: GameStatus;
  /** The game's time to its end, from the moment it ended. */
  readonly timeMs: number | null;
}

/**
 * A finished game as a ghost sees it: its progress, moves and face-down count after each of its
 * actions, by the time on its own clock, and its end. Built once from the stored game (replayed
 * by the rules, undo and redo included); holds no card, so whatever it is asked can be sent.
 *
 * An action's time is the server time it was stored less the game's start. Downtime during the
 * original (credited to `pausedMs` only as a whole) is not taken out of its later actions: the
 * ghost then moves as late as the original's clock did, and still ends at its final time.
 */
export class GhostTimeline {
  private readonly points: GhostPoint[];

  private constructor(points: GhostPoint[]) {
    this.points = points;
  }

  static of(row: GameRow, log: readonly StoredAction[]): GhostTimeline {
    if (row.status === 'playing' || row.timeMs === null) throw new Error(`game ${row.id} is not over`);
    const end = row.timeMs;
    const game = new LiveGame(row, []);
    const points: GhostPoint[] = [{ atMs: 0, ...counts(game), state: 'playing', timeMs: null }];
    for (const stored of log) {
      game.replay(stored);
      const atMs = Math.min(end, Math.max(points.at(-1)!.atMs, stored.at - row.startedAt));
      points.push({ atMs, ...counts(game), state: 'playing', timeMs: null });
    }
    points.push({ ...points.at(-1)!, atMs: end, state: row.status, timeMs: end });
    return new GhostTimeline(points);
  }

  /** The original's final time. */
  get endMs(): number {
    return this.points.at(-1)!.atMs;
  }

  /** Where the original stood `elapsedMs` into its game (at its end from then on). */
  at(elapsedMs: number): GhostPoint {
    // The last point at or before `elapsedMs`: points are in time order.
    let lo = 0;
    let hi = this.points.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.points[mid]!.atMs <= elapsedMs) lo = mid;
      else hi = mid - 1;
    }
    return this.points[lo]!;
  }

  /** When the ghost next changes after `elapsedMs`, or undefined once it has ended. */
  nextAfter(elapsedMs: number): number | undefined {
    return this.points.find((p) => p.atMs > elapsedMs)?.atMs;
  }
}

function counts(game: LiveGame): Pick<GhostPoint, 'progress' | 'faceDown' | 'moves'> {
  const { progress, faceDown, moves } = game.tally();
  return { progress, faceDown, moves };
}
