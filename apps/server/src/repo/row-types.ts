import type { GameAction } from '@scorpion/protocol';
import type * as schema from '../db/schema.ts';
import type { Difficulty } from '../deals/certify.ts';

/*
 * What the repositories read and write, inferred from the drizzle schema (`$inferSelect`): a
 * column added, renamed or retyped there is a changed row here. Both stores read the same row
 * types (`store.ts` checks it). Where a repository hands out something other than a stored row
 * (a JSON column parsed, columns joined from several tables, a rank), the shape is built from
 * these rows too.
 */

/** A table's row as the schema stores it. */
export type Row<K extends keyof typeof schema> = (typeof schema)[K] extends { $inferSelect: infer R }
  ? Readonly<R>
  : never;

/** A "Beat my time" link: its code, the finished, public game it challenges and who shared it (that game's player). */
export type ChallengeRow = Row<'challenges'>;

export type PlayerRow = Pick<Row<'players'>, 'id' | 'nickname'>;

/** One signed-in device. */
export type SessionRow = Row<'sessions'>;

/** A passkey, its transports read from their JSON array. */
export type PasskeyRow = Omit<Row<'passkeys'>, 'transports'> & { readonly transports: readonly string[] };

/** What a one-time key is for: WebAuthn challenges, link codes. */
export type OneTimeKind = Row<'oneTimeKeys'>['kind'];

/** Without `heldBy`: which process serves an arena deal is the heartbeat's to read and write (`OutageRepo`). */
export type GameRow = Omit<Row<'games'>, 'heldBy'>;

/** One stored action of a game, parsed. */
export type StoredAction = Pick<Row<'actions'>, 'seq' | 'at'> & { readonly action: GameAction };

/** What the game row says about the position after an action. */
export type GameTally = Pick<GameRow, 'moves' | 'undos' | 'progress' | 'faceDown'>;

/** A ranked daily result; its board key (`sortKey`) is worked out from it where it is stored. */
export type DailyResultRow = Omit<Row<'dailyResults'>, 'sortKey'>;

/** A player's daily totals, as stored beside their results. */
export type PlayerTotals = Row<'playerStats'>;

/**
 * Another identity opened the day's deal first on the result's device. `address` (another identity
 * from the same address) is no longer given, but results flagged for it before are still stored.
 */
export type DailyFlag = Row<'dailyFlagged'>['reason'];

/** A ranked result kept off the board, with the reason. */
export type FlaggedResultRow = DailyResultRow & { readonly flag: DailyFlag };

/** One opening of a day's deal: by whom, from which address (a keyed hash) and device ('' for none). */
export type DailyOpen = Row<'dailyOpens'>;

/**
 * A day's deal. `line` is a winning line from the start, when the certifier proved one (published
 * once the day ends); `difficulty`, read from its two columns, the solver's rating of that proof,
 * null whenever `line` is.
 */
export type DailyDealRow = Omit<Row<'dailyDeals'>, 'difficultyStars' | 'difficultyScore'> & {
  readonly difficulty: Difficulty | null;
};

export type RoomRow = Row<'rooms'>;

export type RaceRow = Row<'races'>;

type Nickname = Pick<Row<'players'>, 'nickname'>;

export type RatingRow = Pick<Row<'ratings'>, 'playerId' | 'mu' | 'sigma' | 'games' | 'established'> & Nickname;

/** A player's rating after one rated race. */
export type RatingPoint = Omit<Row<'ratingHistory'>, 'playerId'>;

/** A race a player ran, as their profile lists it: with how many raced it. */
export type PlayerRace = {
  readonly raceId: RaceRow['id'];
  readonly finishedAt: number;
  readonly racers: number;
} & Pick<RaceRow, 'code' | 'number' | 'rated'> &
  Pick<Row<'raceResults'>, 'rank' | 'won' | 'timeMs' | 'gameId'>;

/** A daily result on its board: with the player's nickname and rank. */
export type BoardRow = DailyResultRow & Nickname & { readonly rank: number };

export type StatsRow = PlayerTotals & Nickname;

/** Where a result stands on its day's board: the board is ordered by these, ascending, in this order. */
export type BoardKey = Pick<Row<'dailyResults'>, 'sortKey' | 'finishedAt' | 'playerId'>;

/**
 * The lease a process holds on a room (cluster mode). `epoch` goes up with every new owner;
 * a race-level write passes it back as a `Fence` and is refused (`FencedOut`), in the same
 * transaction as the write, once another process has claimed the room since.
 */
export type Fence = Pick<Row<'roomOwners'>, 'code' | 'nodeId' | 'epoch'>;

/** What a moderator's queue holds: a player's report, a game held by its evidence, an appeal. */
export type CaseKind = Row<'modCases'>['kind'];

/** How a queue entry closed: the player was marked, cleared, or the entry dismissed. */
export type CaseStatus = Row<'modCases'>['status'];

/** One entry of the moderators' queue (how it stands is read apart). */
export type CaseRow = Omit<Row<'modCases'>, 'status' | 'closedAt' | 'reporterTold'>;

/** A queue entry as a moderator reads it: with the nicknames and whether the player is marked now. */
export type QueueEntry = CaseRow &
  Nickname & { readonly reporterNickname: Row<'players'>['nickname'] | null; readonly marked: boolean };

export type ModAction = Row<'modLog'>['action'];

/** One moderator's action, as the log keeps it. */
export type ModLogRow = Row<'modLog'>;

export type ModLogEntry = ModLogRow & Nickname & { readonly moderatorNickname: Row<'players'>['nickname'] };

/** Rating points given back to a victim of a marked player: `mu` is what goes on their rating. */
export type RefundRow = Pick<Row<'ratingRefunds'>, 'victimId' | 'points' | 'mu'>;

/** A victim's rating now and the highest it ever stood at (the refund's ceiling). */
export type VictimRating = Pick<Row<'ratings'>, 'playerId' | 'mu'> & { readonly highestMu: number };

/** A refund a player received, as their profile notes it. */
export type RefundNote = Pick<Row<'ratingRefunds'>, 'points' | 'at'>;

/**
 * Where a result stands on the evidence: `no` (stands), `held` (off the board, under review),
 * `cleared` (a moderator put it back), `confirmed` (a moderator kept it off).
 */
export type HeldState = Row<'gameEvidence'>['held'];

/** A ranked game's evidence: queued at its end, then weighed (`evidence/runner.ts`). */
export type EvidenceRow = Row<'gameEvidence'>;

/** An arena, scheduled (written when first needed) or private. */
export type ArenaRow = Row<'arenas'>;

/** In an arena as a player, or as someone who watched its boards without playing. */
export type ArenaRole = Row<'arenaPlayers'>['role'];
