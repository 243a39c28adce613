import type { GameKind, GameStatus } from '@scorpion/protocol';
import type {
  DailyDealRow,
  DailyFlag,
  DailyOpen,
  DailyResultRow,
  Fence,
  GameRow,
  GameTally,
  PlayerTotals,
  StoredAction,
} from '../row-types.ts';

/**
 * A ranked daily result to store with the end of its game. With `totals` it counts: the day's
 * played and won counts go up and the player's totals become `totals(before)`, read and written
 * in the transaction that stores the result (the rule itself is `daily/stats.ts`).
 */
export interface DailyFinish {
  readonly result: DailyResultRow;
  readonly totals?: (before: PlayerTotals | undefined) => PlayerTotals;
  /**
   * Why the result is kept off the board (`daily/flags.ts`): then it is stored apart, without
   * totals, and no board, rank or count includes it.
   */
  readonly flag?: DailyFlag;
}

export interface GamesRepo {
  /**
   * Stores a new game. Fails with `RankedDailyTaken`, storing nothing, when it is a ranked daily
   * and the player already has a ranked game of that day (a unique index: another tab, perhaps
   * on another process, made it first). `heldBy`: the process that serves it (an arena deal in a
   * cluster, `OutageRepo`).
   */
  create(row: GameRow, heldBy?: string): Promise<void>;
  get(id: string): Promise<GameRow | undefined>;
  actions(id: string): Promise<StoredAction[]>;
  /**
   * Stores one action (one row, one commit: the move path). Fails with `SeqTakenError` if `seq`
   * is taken (in cluster mode, another process stored it), with nothing stored. The
   * game row's tally columns are written when the game ends; a loaded game recomputes them.
   */
  append(gameId: string, action: StoredAction): Promise<void>;
  /**
   * Ends a game once: returns false when it had already ended. A ranked daily result (and, when
   * it counts, the player's totals and the day's counts) is written in the same transaction, so
   * it is recorded exactly once.
   */
  finish(
    gameId: string,
    end: { status: GameStatus; finishedAt: number; timeMs: number; seq: number } & GameTally,
    daily?: DailyFinish,
    fence?: Fence,
  ): Promise<boolean>;
  /** The player's games still in play, the latest first, with the room code of race games. */
  unfinishedOf(playerId: string): Promise<{ id: string; kind: GameKind; roomCode: string | null }[]>;
  dailyOf(playerId: string, date: string): Promise<{ id: string; status: GameStatus; ranked: boolean }[]>;
  openDailiesBefore(date: string): Promise<string[]>;
  /**
   * Finished games with `from <= finishedAt < to`, in `(finishedAt, id)` order, the `limit`
   * after `after` (from the first without it): the open-data export reads a month page by page.
   */
  finishedBetween(
    from: number,
    to: number,
    after: { finishedAt: number; id: string } | undefined,
    limit: number,
  ): Promise<GameRow[]>;
  /**
   * After a restart at `now`, adds the downtime to the paused time of every open game and race:
   * the time since the server was last known alive, which is the later of `lastAlive` (the
   * heartbeat) and the game's (or race's) last stored action. A clock therefore never falls
   * behind an acknowledged move.
   */
  addDowntime(now: number, lastAlive: number): Promise<void>;
}

/** The hints the server gave in its practice games (`game_hints`). */
export interface HintsRepo {
  /** Counts one more hint in the game; answers how many it has had, this one included. */
  add(gameId: string, at: number): Promise<number>;
  /** How many hints the game has had (0 for none). */
  count(gameId: string): Promise<number>;
}

/** A practice game won on a past daily's deal, after its day: a row of that day's late board. */
export interface LateWin {
  readonly gameId: string;
  readonly playerId: string;
  readonly nickname: string;
  readonly timeMs: number;
  readonly moves: number;
  readonly startedAt: number;
}

/** Past dailies played late, as practice games on the day's seed (never ranked). */
export interface LateRepo {
  /**
   * The won practice games of `variant` dealt from `seed` (with the daily's `options`) and
   * begun at or after `since`: each player's best (time, then moves, then the earliest), the
   * fastest first, at most `limit`.
   */
  wins(
    variant: string,
    seed: string,
    options: { foundations: boolean; open: boolean },
    since: number,
    limit: number,
  ): Promise<LateWin[]>;
}

export interface DailyRepo {
  get(date: string): Promise<DailyDealRow | undefined>;
  /** Keeps the first deal stored for a date (two joins racing on a new day get the same one). */
  put(row: DailyDealRow): Promise<DailyDealRow>;
  /**
   * The deal stored for `date`, or the one `make` returns, stored, when none is: under a lock
   * on the date held by one caller at a time among all that share the store (every process on
   * one PostgreSQL database), so `make` (the certifier's work) runs once per day. The others
   * wait and get the stored deal. If `make` rejects, nothing is stored and the next caller tries.
   */
  dealOnce(date: string, make: () => Promise<DailyDealRow>): Promise<DailyDealRow>;
  /** Records an opening of the day's deal; the same player, address and device keep their first time. */
  opened(open: DailyOpen): Promise<void>;
  /** The player's openings of `date` at or before `until`. */
  opensOf(date: string, playerId: string, until: number): Promise<DailyOpen[]>;
  /** Every opening of `date` at or before `until` from one of `devices`, by anyone. */
  opensOnDevices(date: string, devices: readonly string[], until: number): Promise<DailyOpen[]>;
  /** Deletes the openings of days before `date`; answers how many went. */
  forgetOpensBefore(date: string): Promise<number>;
}

/**
 * Which process runs the chores that must run once for everyone (closing past days). SQLite:
 * this one, always. PostgreSQL: the one holding a session advisory lock on a connection of its
 * own; the lock goes when that process (or its connection) dies, and another takes it at its next ask.
 */
export interface LeaderRepo {
  /** Whether this process leads now; tries to become the leader when nobody is. */
  lead(): Promise<boolean>;
}
