import type { GameKind, GameSnapshot, GameStatus } from '@scorpion/protocol';
import type { DailyFinish, GameRow } from '../repo/types.ts';
import type { LiveGame } from './live-game.ts';

export type Ending = Exclude<GameStatus, 'playing'>;

/**
 * Whether a game still in play takes actions now: `open`, `early` (a race before its start), or
 * the ending that is due (a race past its deadline, a daily past its day), which the game
 * service then gives it.
 */
export type Gate = 'open' | 'early' | Ending;

/** How a game ends, as the game service is about to store it. */
export interface GameEnd {
  readonly status: Ending;
  readonly finishedAt: number;
  readonly timeMs: number;
}

/**
 * What a kind of game decides, so that the game service knows no kind: practice
 * (`games/practice.ts`), the daily (`daily/policy.ts`), races (`races/policy.ts`). Whether a
 * game's deal is public is decided in `secrecy.ts`; `isPublic` asks it with what the kind knows.
 * What runs a game here (its race) is its owner (`GameOwner`), not its kind.
 */
export interface GamePolicy {
  /** Whether a game in play that nothing here owns takes actions now (a daily: until its day ends). */
  gate(row: GameRow, now: number): Gate;
  /** Whether the deck, the seed and the moves may be shown to anyone. */
  isPublic(row: GameRow, now: number): Promise<boolean>;
  /**
   * What only the kind knows, for its snapshot: where the game is played (the day of a daily,
   * the room of a race, the deal of an arena) and the hints it had (practice).
   */
  placeOf(row: GameRow): Promise<Place>;
  /** What is stored with the end in the same transaction (a ranked daily result), if anything. */
  onEnd(game: LiveGame, end: GameEnd): Promise<DailyFinish | undefined>;
}

/** A snapshot's fields that only the game's kind fills: where it is played, and its hints. */
export type Place = Pick<GameSnapshot, 'daily' | 'roomCode' | 'arena' | 'hints'>;

export const NOWHERE: Place = { daily: null, roomCode: null, arena: null, hints: 0 };

export type Policies = Readonly<Record<GameKind, GamePolicy>>;
