import type {
  CaseRow,
  CaseStatus,
  DailyResultRow,
  EvidenceRow,
  ModLogEntry,
  ModLogRow,
  QueueEntry,
  RefundNote,
  RefundRow,
  VictimRating,
} from '../row-types.ts';

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
  /** The player's daily results held and not yet decided, the latest day first (what they are told is under review). */
  underReview(playerId: string): Promise<DailyResultRow[]>;
  /** The page said the game's tab was hidden (or shown again) at `at`, the server's clock. */
  tabVisibility(gameId: string, at: number, hidden: boolean): Promise<void>;
  /** What the page said of the game's tab, in order. */
  tabVisibilityOf(gameId: string): Promise<TabChange[]>;
}

/** The game's tab hidden or shown again, at `at` on the server's clock. */
export interface TabChange {
  readonly at: number;
  readonly hidden: boolean;
}
