import type { FinishWindow, GameAction, GameKind, GameStatus, RaceResult } from '@scorpion/protocol';
import type { Card, Move, Options, VariantId } from '@scorpion/rules';
import type { Difficulty } from '../deals/certify.ts';
import type { RatingChange, Skill } from '../ratings/model.ts';

/**
 * The only door between game logic and storage. Every method is async so that a PostgreSQL
 * implementation can serve a multi-node deployment without touching the callers; the SQLite one
 * answers synchronously inside the promise, which makes "stored before acknowledged" trivial.
 */
export interface Repos {
  readonly settings: SettingsRepo;
  readonly players: PlayersRepo;
  readonly sessions: SessionsRepo;
  readonly passkeys: PasskeysRepo;
  readonly oneTimeKeys: OneTimeKeysRepo;
  readonly games: GamesRepo;
  readonly daily: DailyRepo;
  readonly rooms: RoomsRepo;
  readonly races: RacesRepo;
  readonly boards: BoardsRepo;
  readonly ownership: OwnershipRepo;
  readonly leader: LeaderRepo;
  readonly outage: OutageRepo;
  readonly ratings: RatingsRepo;
  readonly profiles: ProfilesRepo;
  readonly challenges: ChallengesRepo;
  readonly moderation: ModerationRepo;
  readonly evidence: EvidenceRepo;
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
  /**
   * A new player and their first device (a session under the player's id, `label` or
   * "First device"), in one transaction.
   */
  create(p: {
    id: string;
    nickname: string;
    nicknameKey: string;
    tokenHash: string;
    at: number;
    label?: string;
  }): Promise<'ok' | 'taken'>;
  rename(id: string, nickname: string, nicknameKey: string): Promise<'ok' | 'taken'>;
  /** The player signed in on the device whose cookie token hashes to this. */
  byTokenHash(tokenHash: string): Promise<PlayerRow | undefined>;
  byId(id: string): Promise<PlayerRow | undefined>;
  byIds(ids: readonly string[]): Promise<PlayerRow[]>;
  /** The player whose name folds to `key` (`nicknameKey`): a profile's address. */
  byNicknameKey(key: string): Promise<PlayerRow | undefined>;
  /**
   * Recomputes every stored nickname key with `keyOf`, in one transaction. Where two players'
   * names now share a key, the first to sign up keeps it and the later ones keep their names
   * under a key of their own (`key#id`) that no name can produce; returns how many those are.
   */
  rekey(keyOf: (nickname: string) => string): Promise<{ players: number; lookAlikes: number }>;
}

/** One signed-in device. */
export interface SessionRow {
  readonly id: string;
  readonly playerId: string;
  readonly tokenHash: string;
  readonly label: string;
  readonly createdAt: number;
  readonly lastSeenAt: number;
}

export interface SessionsRepo {
  add(row: SessionRow): Promise<void>;
  byTokenHash(tokenHash: string): Promise<SessionRow | undefined>;
  /** The player's devices, the most recently seen first. */
  ofPlayer(playerId: string): Promise<SessionRow[]>;
  /** The device was seen at `at`. */
  touch(id: string, at: number): Promise<void>;
  /** Signs the player's device out: the removed session, or undefined when it is not theirs (or gone). */
  revoke(playerId: string, id: string): Promise<SessionRow | undefined>;
  /**
   * Moves every cookie token hash still on a player row (players who signed up before devices
   * were listed) into a session of its own under the player's id, at `at`; returns how many.
   * Idempotent: the rows are cleared in the same transaction.
   */
  adoptLegacyTokens(at: number): Promise<number>;
}

export interface PasskeyRow {
  /** The credential id, base64url. */
  readonly id: string;
  readonly playerId: string;
  /** The COSE public key, base64url. */
  readonly publicKey: string;
  readonly counter: number;
  readonly transports: readonly string[];
  readonly label: string;
  readonly createdAt: number;
  readonly lastUsedAt: number | null;
}

export interface PasskeysRepo {
  /** 'taken' when the credential id is already stored (for this player or another). */
  add(row: PasskeyRow): Promise<'ok' | 'taken'>;
  get(id: string): Promise<PasskeyRow | undefined>;
  /** The player's passkeys, the oldest first. */
  ofPlayer(playerId: string): Promise<PasskeyRow[]>;
  /** A sign-in with the passkey at `at`, its signature counter now `counter`. */
  used(id: string, counter: number, at: number): Promise<void>;
  /** Removes the player's passkey; false when it is not theirs (or gone). */
  remove(playerId: string, id: string): Promise<boolean>;
}

/** What a one-time key is for: WebAuthn challenges, link codes. */
export type OneTimeKind = 'passkey-register' | 'passkey-sign-in' | 'link';

export interface OneTimeKeysRepo {
  put(row: { key: string; kind: OneTimeKind; playerId: string | null; expiresAt: number }): Promise<void>;
  /**
   * Takes the key once, whoever asks first among every process on the store: the player it was
   * made for (null when for nobody yet), or undefined when it is unknown, of another kind, taken
   * already or expired at `now` (an expired one is removed too).
   */
  take(key: string, kind: OneTimeKind, now: number): Promise<{ playerId: string | null } | undefined>;
  /** Forgets the keys expired at `now`; returns how many. */
  sweep(now: number): Promise<number>;
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
  /**
   * Why the result is kept off the board (`daily/flags.ts`): then it is stored apart, without
   * totals, and no board, rank or count includes it.
   */
  readonly flag?: DailyFlag;
}

/**
 * Another identity opened the day's deal first on the result's device. `address` (another identity
 * from the same address) is no longer given, but results flagged for it before are still stored.
 */
export type DailyFlag = 'address' | 'device';

/** A ranked result kept off the board, with the reason. */
export interface FlaggedResultRow extends DailyResultRow {
  readonly flag: DailyFlag;
}

/** One opening of a day's deal: by whom, from which address (a keyed hash) and device ('' for none). */
export interface DailyOpen {
  readonly date: string;
  readonly playerId: string;
  readonly address: string;
  readonly device: string;
  readonly at: number;
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

export interface RoomRow {
  readonly code: string;
  readonly hostId: string;
  readonly variant: VariantId;
  readonly options: Options;
  readonly timeLimit: 0 | 5 | 10 | 15;
  readonly winnableOnly: boolean;
  /** The host chose so at creation: the room's races change the racers' ratings. */
  readonly rated: boolean;
  /** 1, or 3 or 5 for a best-of series. */
  readonly bestOf: 1 | 3 | 5;
  /** Seconds the others get to finish once someone has solved it; 0 waits for everyone. */
  readonly finishWindow: FinishWindow;
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
  /** Rated when dealt: its end updates the racers' ratings, once. */
  readonly rated: boolean;
  /** In a best-of room: the number of the race that opened its series; null otherwise. */
  readonly series: number | null;
}

/**
 * A rated race's rating step, run inside the transaction that ends the race: the racers' stored
 * ratings (absent for a player never rated) → everyone's rating after the race.
 */
export type RateRace = (before: ReadonlyMap<string, Skill>) => RatingChange[];

export interface RacesRepo {
  /** The race and one game per racer, in one transaction. */
  create(race: RaceRow, games: readonly GameRow[], fence?: Fence): Promise<void>;
  get(id: string): Promise<RaceRow | undefined>;
  lastOf(code: string): Promise<RaceRow | undefined>;
  count(code: string): Promise<number>;
  running(): Promise<RaceRow[]>;
  gamesOf(raceId: string): Promise<{ playerId: string; gameId: string }[]>;
  /**
   * Ends the race and stores its ranking once; false when it had already ended. With `rate` (a
   * rated race) the racers' ratings are read, rated and written in the same transaction (in
   * PostgreSQL under a lock per player, so two races ending at once rate one after the other):
   * a race is rated exactly when it ends, once, whichever process ends it.
   */
  finish(
    raceId: string,
    finishedAt: number,
    results: readonly RaceResult[],
    fence?: Fence,
    rate?: RateRace,
  ): Promise<boolean>;
  /** The finished races of one series of a room (`RaceRow.series`), with their results, in order. */
  series(code: string, first: number): Promise<{ race: RaceRow; results: RaceResult[] }[]>;
  /**
   * A race taken over at `now` from an owner last known alive at `since`: the gap goes on the
   * paused time of the race and of its games still in play, each from the later of `since` and
   * its own last stored action (as `GamesRepo.addDowntime` does after a restart).
   */
  creditGap(raceId: string, since: number, now: number, fence: Fence): Promise<void>;
  results(raceId: string): Promise<RaceResult[]>;
  /**
   * For each of `playerIds`, the most rated races finished at or after `since` that they raced
   * with any one other of `playerIds` (absent: none): how often a pair has met, rated, today.
   */
  ratedTogetherSince(playerIds: readonly string[], since: number): Promise<Map<string, number>>;
  history(code: string, offset: number, limit: number): Promise<{ race: RaceRow; results: RaceResult[] }[]>;
}

export interface RatingRow extends Skill {
  readonly playerId: string;
  readonly nickname: string;
  readonly established: boolean;
}

/** A player's rating after one rated race. */
export interface RatingPoint {
  readonly raceId: string;
  readonly at: number;
  readonly rank: number;
  readonly muBefore: number;
  readonly mu: number;
  readonly sigma: number;
  readonly games: number;
}

export interface RatingsRepo {
  of(playerIds: readonly string[]): Promise<RatingRow[]>;
  /** The player's ratings race by race, the oldest first; the latest `limit`. */
  history(playerId: string, limit: number): Promise<RatingPoint[]>;
  /** Established ratings first, each part by rating (mean) down, ties by player id. */
  board(offset: number, limit: number): Promise<RatingRow[]>;
}

/** A race a player ran, as their profile lists it. */
export interface PlayerRace {
  readonly raceId: string;
  readonly code: string;
  readonly number: number;
  readonly finishedAt: number;
  readonly rated: boolean;
  readonly rank: number;
  readonly racers: number;
  readonly won: boolean;
  readonly timeMs: number;
  readonly gameId: string;
}

export interface ProfilesRepo {
  /** The player's ranked daily results, the latest `limit` days, the latest first. */
  dailies(playerId: string, limit: number): Promise<DailyResultRow[]>;
  /** The player's finished races, the latest first. */
  races(playerId: string, limit: number): Promise<PlayerRace[]>;
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
  /** The player's ranked result of the day if it was kept off the board, with the reason. */
  dailyFlaggedOf(date: string, playerId: string): Promise<FlaggedResultRow | undefined>;
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

/** What a moderator's queue holds: a player's report, a game held by its evidence, an appeal. */
export type CaseKind = 'report' | 'held' | 'appeal';

/** How a queue entry closed: the player was marked, cleared, or the entry dismissed. */
export type CaseStatus = 'open' | 'actioned' | 'cleared' | 'dismissed';

/** One entry of the moderators' queue. */
export interface CaseRow {
  readonly id: string;
  readonly kind: CaseKind;
  /** Whom it is about. */
  readonly playerId: string;
  readonly reporterId: string | null;
  readonly reason: string | null;
  readonly note: string | null;
  readonly source: string | null;
  readonly gameId: string | null;
  readonly raceId: string | null;
  readonly summary: string | null;
  readonly createdAt: number;
}

/** A queue entry as a moderator reads it: with the nicknames and whether the player is marked now. */
export interface QueueEntry extends CaseRow {
  readonly nickname: string;
  readonly reporterNickname: string | null;
  readonly marked: boolean;
}

export type ModAction = 'mark' | 'clear' | 'dismiss';

/** One moderator's action, as the log keeps it. */
export interface ModLogRow {
  readonly id: string;
  readonly moderatorId: string;
  readonly action: ModAction;
  readonly playerId: string;
  readonly reason: string;
  readonly at: number;
  /** The queue entries it closed. */
  readonly cases: readonly string[];
  /** A clear that lifted a mark. */
  readonly unmarked: boolean;
  readonly undoneAt: number | null;
  readonly undoneBy: string | null;
}

export interface ModLogEntry extends ModLogRow {
  readonly moderatorNickname: string;
  readonly nickname: string;
}

/** Rating points given back to a victim of a marked player: `mu` is what goes on their rating. */
export interface RefundRow {
  readonly victimId: string;
  readonly points: number;
  readonly mu: number;
}

/** A rated race of a marked player, as the refund reads it: every racer's rank and rating step. */
export interface RefundRace {
  readonly raceId: string;
  readonly at: number;
  readonly racers: readonly {
    readonly playerId: string;
    readonly rank: number;
    readonly muBefore: number;
    readonly mu: number;
    /** Rated races played after this one. */
    readonly games: number;
  }[];
}

/** A victim's rating now and the highest it ever stood at (the refund's ceiling). */
export interface VictimRating {
  readonly playerId: string;
  readonly mu: number;
  readonly highestMu: number;
}

/** A refund a player received, as their profile notes it. */
export interface RefundNote {
  readonly points: number;
  readonly at: number;
}

/** What a player is told on their next visit. */
export interface ModNotices {
  /** Marked, since when, and whether they have appealed. */
  readonly mark: { readonly at: number; readonly appealed: boolean } | null;
  /** Their reports that led to action and were not told yet: the reported players' nicknames. */
  readonly actioned: readonly { readonly caseId: string; readonly nickname: string; readonly at: number }[];
}

/** Why a moderator's action changed nothing. */
export type ModRefusal = 'marked' | 'not-marked' | 'closed' | 'unknown' | 'superseded' | 'undone';

export interface ModerationRepo {
  grant(playerId: string, at: number): Promise<'ok' | 'already'>;
  /** False when the player was no moderator. */
  revoke(playerId: string): Promise<boolean>;
  isModerator(playerId: string): Promise<boolean>;
  /**
   * Puts an entry in the queue: `open` (storing nothing) when the reporter already has an open
   * report on the player, or the game is already queued (once held, once queued).
   */
  open(row: CaseRow): Promise<'ok' | 'open'>;
  /** The open entries, the oldest first. */
  queue(limit: number): Promise<QueueEntry[]>;
  case(id: string): Promise<(CaseRow & { status: CaseStatus }) | undefined>;
  isMarked(playerId: string): Promise<boolean>;
  /** The player's held games in the queue, past and present, with how each entry stands. */
  heldOf(playerId: string): Promise<{ gameId: string; status: CaseStatus }[]>;
  /** The player's rated races since `since`, the latest `limit`, with every racer's step. */
  ratedRacesOf(playerId: string, since: number, limit: number): Promise<RefundRace[]>;
  victimRatings(playerIds: readonly string[]): Promise<VictimRating[]>;
  /**
   * Marks the player, in one transaction: closes their open entries as actioned, gives each
   * refund (stored, and added to the victim's rating) and writes the log. `marked` when they are.
   */
  mark(log: ModLogRow, refunds: readonly RefundRow[]): Promise<'ok' | 'marked'>;
  /**
   * Clears the player, in one transaction: lifts their mark if any and takes its refunds back,
   * closes their open entries as cleared, writes the log (`cases` and `unmarked` filled in).
   * Answers the entries it closed.
   */
  clear(log: ModLogRow): Promise<CaseRow[]>;
  /** Closes one open entry as dismissed, and logs it. */
  dismiss(log: ModLogRow, caseId: string): Promise<'ok' | 'closed' | 'unknown'>;
  /**
   * Undoes a log entry once, if it is the latest standing action about its player: a mark is
   * lifted (its refunds taken back), a clear that lifted a mark marks again with `refunds`, and
   * the entries it closed reopen (a report whose reporter has opened another stays closed).
   */
  undo(logId: string, by: string, at: number, refunds: readonly RefundRow[]): Promise<ModLogRow | ModRefusal>;
  logEntry(id: string): Promise<ModLogRow | undefined>;
  /** The log, the latest first. */
  log(offset: number, limit: number): Promise<ModLogEntry[]>;
  /** An appeal of the player's mark, once: `not-marked`, or `appealed` when they have already. */
  appeal(row: CaseRow): Promise<'ok' | 'not-marked' | 'appealed'>;
  /** What the player is told on their next visit; the actioned reports are told once. */
  notices(playerId: string): Promise<ModNotices>;
  /** The refunds a player received and still holds, the latest first. */
  refundsOf(playerId: string): Promise<RefundNote[]>;
}

/**
 * Where a result stands on the evidence: `no` (stands), `held` (off the board, under review),
 * `cleared` (a moderator put it back), `confirmed` (a moderator kept it off).
 */
export type HeldState = 'no' | 'held' | 'cleared' | 'confirmed';

/** A ranked game's evidence: queued at its end, then weighed (`evidence/runner.ts`). */
export interface EvidenceRow {
  readonly gameId: string;
  readonly playerId: string;
  readonly queuedAt: number;
  readonly status: 'queued' | 'done' | 'failed';
  /** `EVIDENCE_VERSION` of the code that weighed it. */
  readonly version: number | null;
  readonly score: number | null;
  readonly held: HeldState;
  /** The whole evidence (`GameEvidence` of @scorpion/solver) as JSON. */
  readonly signals: string | null;
  readonly weighedAt: number | null;
}

export interface EvidenceRepo {
  /** Queues a finished ranked game to be weighed; queuing it again changes nothing. */
  queue(gameId: string, playerId: string, at: number): Promise<void>;
  /** Games waiting to be weighed, the oldest first. */
  queued(limit: number): Promise<EvidenceRow[]>;
  /** Stores a game's evidence; `held` keeps its result off the boards until a moderator decides. */
  weighed(
    gameId: string,
    evidence: { version: number; score: number; held: boolean; signals: string; at: number },
  ): Promise<void>;
  /** A game that could not be weighed (its log does not replay): not tried again. */
  failed(gameId: string, at: number): Promise<void>;
  get(gameId: string): Promise<EvidenceRow | undefined>;
  /** The player's weighed games, the latest `limit`, the latest first (their running assessment). */
  recentOf(playerId: string, limit: number): Promise<EvidenceRow[]>;
  /**
   * A moderator's decision on a game its evidence held (`cleared` puts it back on the boards,
   * `confirmed` keeps it off), or the undo of one (`held` again); false for a game never held.
   */
  decide(gameId: string, decision: 'held' | 'cleared' | 'confirmed'): Promise<boolean>;
}
