import type { RaceResult } from '@scorpion/protocol';
import type { RatingChange, Skill } from '../../ratings/model.ts';
import type {
  BoardKey,
  BoardRow,
  DailyResultRow,
  Fence,
  FlaggedResultRow,
  GameRow,
  PlayerRace,
  PlayerTotals,
  RaceRow,
  RatingPoint,
  RatingRow,
  RoomRow,
  StatsRow,
} from '../row-types.ts';

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
   * For each ordered pair of `playerIds` that raced together, how many rated races finished at
   * or after `since` both raced (pairs that did not: absent). How much that damps a rating is
   * `ratings/repeat.ts`'s rule.
   */
  ratedTogetherSince(playerIds: readonly string[], since: number): Promise<RatedPair[]>;
  history(code: string, offset: number, limit: number): Promise<{ race: RaceRow; results: RaceResult[] }[]>;
}

export interface RatingsRepo {
  of(playerIds: readonly string[]): Promise<RatingRow[]>;
  /** The player's ratings race by race, the oldest first; the latest `limit`. */
  history(playerId: string, limit: number): Promise<RatingPoint[]>;
  /** Established ratings first, each part by rating (mean) down, ties by player id. */
  board(offset: number, limit: number): Promise<RatingRow[]>;
}

export interface ProfilesRepo {
  /** The player's ranked daily results, the latest `limit` days, the latest first; none held on its evidence. */
  dailies(playerId: string, limit: number): Promise<DailyResultRow[]>;
  /** The player's finished races, the latest first. */
  races(playerId: string, limit: number): Promise<PlayerRace[]>;
}

/** `[grain start in ms, how many]` pairs, one per `TIME_GRAIN_MS` that holds any time, in no order. */
export type TimeCounts = readonly (readonly [timeMs: number, count: number])[];

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
  /** Which of `others` have been in a race with `playerId`. */
  racedAmong(playerId: string, others: readonly string[]): Promise<string[]>;
  headToHead(a: string, b: string): Promise<{ races: number; aWins: number; bWins: number }>;
  /**
   * Works out again, in one transaction, the player's totals (played, won, streaks) and the counts
   * of each day they have a result, from the results that count: verified, not held on their
   * evidence, and of a player not marked. The totals are `totalsOf` those results (the daily's
   * rule, `daily/stats.ts`: the store only reads and writes them). Called after anything changes
   * which of theirs count (idempotent). Answers each of their verified results with whether it now counts.
   */
  recount(playerId: string, totalsOf: TotalsOf): Promise<Recounted[]>;
}

/** Two racers (`a`, `b`, in both orders) and how many rated races they both raced. */
export interface RatedPair {
  readonly a: string;
  readonly b: string;
  readonly races: number;
}

/** A player's daily totals from the results of theirs that count, in any order. */
export type TotalsOf = (playerId: string, counted: readonly DailyResultRow[]) => PlayerTotals;

/** One of a player's verified daily results after `recount`: where it stands on its board, and whether it counts. */
export interface Recounted {
  readonly date: string;
  readonly key: BoardKey;
  readonly counted: boolean;
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

/** What a process's start credited (`OutageRepo.creditOutage`), in ms; 0: nothing. */
export interface StartCredit {
  /** The whole cluster's outage, credited to every open game outside a race. */
  readonly outageMs: number;
  /** Else the time since this `NODE_ID`'s previous run last beat, credited to the arena deals it held. */
  readonly restartMs: number;
}

/** Who serves an arena deal in play (cluster mode): the process, and its last beat (null: none stored). */
export interface DealHolder {
  readonly nodeId: string | null;
  readonly beatAt: number | null;
}

/**
 * The processes' heartbeats (cluster mode), a row each (`node_beats`): every live process beats
 * its own, so the newest lags the present only when no process runs, and one that stops while
 * the others beat is a process that died. The arena deals a process serves name it (`held_by`).
 */
export interface OutageRepo {
  /** A live process's beat: `nodeId` is alive at `now`. */
  beat(nodeId: string, now: number): Promise<void>;
  /**
   * At a process's start, under a lock on the beats (so two processes starting together credit it
   * once, and no takeover of a deal runs meanwhile): when no process beat within `staleMs` of
   * `now`, the whole cluster was down since the newest beat, and that gap goes on the paused time
   * of every open game outside a race, from the later of the beat and the game's last stored
   * action (as `GamesRepo.addDowntime`); the arena deals among them are `nodeId`'s from then on
   * (their gap is settled). Races are left out: the takeover of each race credits its own gap
   * (`RacesRepo.creditGap`). Else, when `nodeId` beat before, that beat was its previous run's
   * last (a process runs under its own `NODE_ID` alone): that run stopped then, however soon this
   * one started, and the arena deals it still holds are credited the time since, as a dead
   * holder's are by their takeover (`take`). Beats `nodeId` at `now`.
   */
  creditOutage(nodeId: string, now: number, staleMs: number): Promise<StartCredit>;
  /** Who serves the arena deal, if it is in play (undefined: no such deal in play). */
  holderOf(gameId: string): Promise<DealHolder | undefined>;
  /**
   * `nodeId` takes the arena deal over from `from`, as read by `holderOf`, if it still holds it
   * (one conditional update: of two processes taking it at once, one does). With `deadSince`
   * (the holder's last beat, seen stale: it died) the deal is credited the time since then, or
   * since its last stored action if later, to `now`: on its paused time and its `closes_at`,
   * never past the arena's end (`creditedClose`); and only while that beat is still the holder's
   * last (a start that credited the holder's restart moved it first: `creditOutage`). Answers
   * whether it took the deal.
   */
  take(gameId: string, nodeId: string, from: DealHolder, deadSince: number | null, now: number): Promise<boolean>;
  /**
   * The sweep of a live process: every arena deal in play whose holder has not beat within
   * `staleMs` of `now` (it died, and nobody took its deals yet) is `nodeId`'s, credited as by
   * `take`, once whichever process sweeps first. Answers the deals taken.
   */
  takeAbandoned(nodeId: string, now: number, staleMs: number): Promise<string[]>;
}
