import type { GameAction, GameKind, GameStatus, RaceResult } from '@scorpion/protocol';
import type { Card, Move, Options, VariantId } from '@scorpion/rules';
import type { Difficulty } from '../deals/certify.ts';

/**
 * The only door between game logic and storage. Every method is async so that a PostgreSQL
 * implementation can serve a multi-node deployment without touching the callers; the SQLite one
 * answers synchronously inside the promise, which makes "stored before acknowledged" trivial.
 */
export interface Repos {
  readonly settings: SettingsRepo;
  readonly players: PlayersRepo;
  readonly games: GamesRepo;
  readonly daily: DailyRepo;
  readonly rooms: RoomsRepo;
  readonly races: RacesRepo;
  readonly boards: BoardsRepo;
  readonly ownership: OwnershipRepo;
  readonly leader: LeaderRepo;
  readonly outage: OutageRepo;
  readonly challenges: ChallengesRepo;
  /** Whether the store answers and holds the newest schema (the readiness check). */
  ready(): Promise<Readiness>;
  close(): Promise<void>;
}

export type Readiness = { readonly ok: true } | { readonly ok: false; readonly reason: string };

export interface SettingsRepo {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  /** Stores `value` unless the key is already set; returns what is stored. */
  setIfAbsent(key: string, value: string): Promise<string>;
}

/** A "Beat my time" link: its code and the finished, public game it challenges. */
export interface ChallengeRow {
  readonly code: string;
  readonly sourceGameId: string;
  /** Who shared it: the source game's player. */
  readonly playerId: string;
  readonly createdAt: number;
}

export interface ChallengesRepo {
  /**
   * Stores the challenge to a game once: returns the one stored, which is another row when the
   * game already had one (sharing again gives the same link), or `taken` when the code is.
   */
  create(row: ChallengeRow): Promise<ChallengeRow | 'taken'>;
  get(code: string): Promise<ChallengeRow | undefined>;
  /** A game played against the challenge's ghost. */
  addGame(code: string, gameId: string, playerId: string): Promise<void>;
  /** The challenge a game was played against, if it was. */
  ofGame(gameId: string): Promise<string | undefined>;
  /** The player's games against the challenge, oldest first. */
  gamesOf(code: string, playerId: string): Promise<string[]>;
}

export interface PlayerRow {
  readonly id: string;
  readonly nickname: string;
}

export interface PlayersRepo {
  create(p: {
    id: string;
    nickname: string;
    nicknameKey: string;
    tokenHash: string;
    at: number;
  }): Promise<'ok' | 'taken'>;
  rename(id: string, nickname: string, nicknameKey: string): Promise<'ok' | 'taken'>;
  byTokenHash(tokenHash: string): Promise<PlayerRow | undefined>;
  byId(id: string): Promise<PlayerRow | undefined>;
  byIds(ids: readonly string[]): Promise<PlayerRow[]>;
  /**
   * Recomputes every stored nickname key with `keyOf`, in one transaction. Where two players'
   * names now share a key, the first to sign up keeps it and the later ones keep their names
   * under a key of their own (`key#id`) that no name can produce; returns how many those are.
   */
  rekey(keyOf: (nickname: string) => string): Promise<{ players: number; lookAlikes: number }>;
}

export interface GameRow {
  readonly id: string;
  readonly playerId: string;
  readonly kind: GameKind;
  readonly variant: VariantId;
  readonly options: Options;
  readonly seed: string | null;
  readonly playerSeed: boolean;
  readonly deck: readonly Card[];
  readonly dailyDate: string | null;
  readonly raceId: string | null;
  readonly ranked: boolean;
  readonly status: GameStatus;
  readonly startedAt: number;
  readonly pausedMs: number;
  readonly finishedAt: number | null;
  readonly timeMs: number | null;
  readonly seq: number;
  readonly moves: number;
  readonly undos: number;
  readonly progress: number;
  readonly faceDown: number;
}

export interface StoredAction {
  readonly seq: number;
  readonly action: GameAction;
  readonly at: number;
}

/** What the game row says about the position after an action. */
export interface GameTally {
  readonly moves: number;
  readonly undos: number;
  readonly progress: number;
  readonly faceDown: number;
}

export interface DailyResultRow {
  readonly date: string;
  readonly playerId: string;
  readonly gameId: string;
  readonly won: boolean;
  readonly timeMs: number;
  readonly moves: number;
  readonly progress: number;
  readonly faceDown: number;
  readonly verified: boolean;
  readonly finishedAt: number;
}

/** A player's daily totals, as stored beside their results. */
export interface PlayerTotals {
  readonly playerId: string;
  readonly dailyPlayed: number;
  readonly dailyWins: number;
  readonly currentStreak: number;
  readonly bestStreak: number;
  readonly lastWinDate: string | null;
  readonly bestTimeMs: number | null;
}

/**
 * A ranked daily result to store with the end of its game. With `totals` it counts: the day's
 * played and won counts go up and the player's totals become `totals(before)`, read and written
 * in the transaction that stores the result (the rule itself is `daily/stats.ts`).
 */
export interface DailyFinish {
  readonly result: DailyResultRow;
  readonly totals?: (before: PlayerTotals | undefined) => PlayerTotals;
}

export interface GamesRepo {
  /**
   * Stores a new game. Fails with `RankedDailyTaken`, storing nothing, when it is a ranked daily
   * and the player already has a ranked game of that day (a unique index: another tab, perhaps
   * on another process, made it first).
   */
  create(row: GameRow): Promise<void>;
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
   * After a restart at `now`, adds the downtime to the paused time of every open game and race:
   * the time since the server was last known alive, which is the later of `lastAlive` (the
   * heartbeat) and the game's (or race's) last stored action. A clock therefore never falls
   * behind an acknowledged move.
   */
  addDowntime(now: number, lastAlive: number): Promise<void>;
}

export interface DailyDealRow {
  readonly date: string;
  readonly day: number;
  readonly variant: VariantId;
  readonly seed: string;
  readonly deck: readonly Card[];
  readonly candidate: number;
  readonly certifiedBy: string;
  /** A winning line from the start, when the certifier proved one (published once the day ends). */
  readonly line: readonly Move[] | null;
  /** The solver's rating of that proof; null whenever `line` is. */
  readonly difficulty: Difficulty | null;
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

export interface RoomRow {
  readonly code: string;
  readonly hostId: string;
  readonly variant: VariantId;
  readonly options: Options;
  readonly timeLimit: 0 | 5 | 10 | 15;
  readonly winnableOnly: boolean;
  readonly createdAt: number;
}

export interface RoomsRepo {
  create(row: RoomRow): Promise<'ok' | 'taken'>;
  get(code: string): Promise<RoomRow | undefined>;
  setHost(code: string, hostId: string, fence?: Fence): Promise<void>;
  /** The members in the order they joined (the earliest first). */
  members(code: string): Promise<string[]>;
  addMember(code: string, playerId: string, at: number): Promise<void>;
  removeMember(code: string, playerId: string): Promise<void>;
  /** The codes of the rooms a player belongs to, the latest joined first. */
  roomsOf(playerId: string): Promise<string[]>;
}

export interface RaceRow {
  readonly id: string;
  readonly code: string;
  readonly number: number;
  readonly seed: string;
  readonly startsAt: number;
  readonly pausedMs: number;
  readonly timeLimit: number;
  readonly status: 'racing' | 'finished';
  readonly finishedAt: number | null;
}

export interface RacesRepo {
  /** The race and one game per racer, in one transaction. */
  create(race: RaceRow, games: readonly GameRow[], fence?: Fence): Promise<void>;
  get(id: string): Promise<RaceRow | undefined>;
  lastOf(code: string): Promise<RaceRow | undefined>;
  count(code: string): Promise<number>;
  running(): Promise<RaceRow[]>;
  gamesOf(raceId: string): Promise<{ playerId: string; gameId: string }[]>;
  /** Ends the race and stores its ranking once; false when it had already ended. */
  finish(raceId: string, finishedAt: number, results: readonly RaceResult[], fence?: Fence): Promise<boolean>;
  /**
   * A race taken over at `now` from an owner last known alive at `since`: the gap goes on the
   * paused time of the race and of its games still in play, each from the later of `since` and
   * its own last stored action (as `GamesRepo.addDowntime` does after a restart).
   */
  creditGap(raceId: string, since: number, now: number, fence: Fence): Promise<void>;
  results(raceId: string): Promise<RaceResult[]>;
  history(code: string, offset: number, limit: number): Promise<{ race: RaceRow; results: RaceResult[] }[]>;
}

export interface BoardRow extends DailyResultRow {
  readonly rank: number;
  readonly nickname: string;
}

export interface StatsRow extends PlayerTotals {
  readonly nickname: string;
}

/** `[grain start in ms, how many]` pairs, one per `TIME_GRAIN_MS` that holds any time, in no order. */
export type TimeCounts = readonly (readonly [timeMs: number, count: number])[];

/** Where a result stands on its day's board: the board is ordered by these, ascending, in this order. */
export interface BoardKey {
  readonly sortKey: number;
  readonly finishedAt: number;
  readonly playerId: string;
}

export interface BoardsRepo {
  daily(date: string, offset: number, limit: number): Promise<BoardRow[]>;
  /**
   * The day's board as keys alone, the `limit` after `after` (from the top without it): read
   * from the board's index, however deep, to rebuild a copy of the board elsewhere (Redis).
   */
  dailyOrder(date: string, after: BoardKey | undefined, limit: number): Promise<BoardKey[]>;
  dailyRankOf(date: string, playerId: string): Promise<BoardRow | undefined>;
  dailyCounts(date: string): Promise<{ played: number; won: number }>;
  /** The player's result of the day if it is on the board (verified), without its rank. */
  dailyResultOf(date: string, playerId: string): Promise<DailyResultRow | undefined>;
  /** The finishing times of every verified win of the day, counted per grain. */
  dailyWinTimes(date: string): Promise<TimeCounts>;
  mostWins(offset: number, limit: number): Promise<StatsRow[]>;
  longestStreaks(offset: number, limit: number): Promise<StatsRow[]>;
  fastestWins(offset: number, limit: number): Promise<(BoardRow & { date: string })[]>;
  statsOf(playerIds: readonly string[]): Promise<StatsRow[]>;
  headToHead(a: string, b: string): Promise<{ races: number; aWins: number; bWins: number }>;
}

/**
 * The lease a process holds on a room (cluster mode). `epoch` goes up with every new owner;
 * a race-level write passes it back as a `Fence` and is refused (`FencedOut`), in the same
 * transaction as the write, once another process has claimed the room since.
 */
export interface Fence {
  readonly code: string;
  readonly nodeId: string;
  readonly epoch: number;
}

/** A race-level write made under an epoch that is no longer the room's: nothing was written. */
export class FencedOut extends Error {
  readonly fence: Fence;
  constructor(fence: Fence) {
    super(`room ${fence.code}: epoch ${fence.epoch} of ${fence.nodeId} is no longer current`);
    this.name = 'FencedOut';
    this.fence = fence;
  }
}

export type Claim =
  /** Ours: `taken` is where the previous owner's lease stood when we took a lapsed one over. */
  | { readonly ok: true; readonly fence: Fence; readonly taken: { nodeId: string; renewedAt: number } | null }
  | { readonly ok: false; readonly owner: string };

export interface OwnershipRepo {
  /**
   * Takes the room for `nodeId` until `now + leaseMs` under a new epoch, unless another node's
   * lease is alive. A live lease of the same node id is taken over too: a process claims only
   * rooms it does not hold, so that lease is a previous run's (restarted under its `NODE_ID`),
   * and its gap is credited like any other owner's.
   */
  claim(code: string, nodeId: string, now: number, leaseMs: number): Promise<Claim>;
  /** Extends our lease; false when the epoch is no longer the room's (then nothing changes). */
  renew(fence: Fence, now: number, leaseMs: number): Promise<boolean>;
  /**
   * `renew` for every lease given, in one write: the rooms renewed (those whose epoch is still the
   * room's). One commit a tick for all of a process's rooms, not one each.
   */
  renewMany(fences: readonly Fence[], now: number, leaseMs: number): Promise<Set<string>>;
  /** Gives the room up at once (its lease lapses now), if the epoch is still ours. */
  release(fence: Fence, now: number): Promise<void>;
  /** The node whose lease on the room has not lapsed at `now`, if any. */
  ownerOf(code: string, now: number): Promise<string | undefined>;
  /** Rooms with a race running and no lease alive at `now`: their races need an owner. */
  orphaned(now: number): Promise<string[]>;
}

/**
 * When the whole service was last known alive (cluster mode), in the `heartbeat` setting: every
 * live process beats it, so it lags the present only when no process runs.
 */
export interface OutageRepo {
  /** A live process's beat: the service is alive at `now`. */
  beat(now: number): Promise<void>;
  /**
   * At a process's start, under a lock on the beat (so two processes starting together credit it
   * once): when no process beat within `staleMs` of `now`, the whole cluster was down since the
   * last beat, and that gap goes on the paused time of every open game outside a race, from the
   * later of the beat and the game's last stored action (as `GamesRepo.addDowntime`). Races are
   * left out: the takeover of each race credits its own gap (`RacesRepo.creditGap`). Beats at
   * `now` and returns the gap credited (0 when some process was alive).
   */
  creditOutage(now: number, staleMs: number): Promise<number>;
}
