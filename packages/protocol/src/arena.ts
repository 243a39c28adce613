import { z } from 'zod';
import { DealDifficulty } from './deal-difficulty.ts';
import { Seed, VariantId } from './game.ts';
import { Player } from './player.ts';
import { withRequestId } from './request-id.ts';
import { watchedBoardFields } from './watched-board.ts';

/**
 * Arenas: scheduled races everyone can join, where each player plays the arena's deals one
 * after another and scores by them (docs/arenas.md has the rules). These are the REST payloads
 * and WebSocket frames of an arena; the scores in them are computed on the server from stored
 * results only.
 */

/**
 * An arena's id. A scheduled arena's names its slot (`h-2026-12-06T13` hourly, `d-2026-12-06`
 * daily, `w-2026-12-06` weekly, UTC), so every process knows it from the clock; a private
 * arena's is `p-` and 12 random characters, its link `/a/ID` being all it takes to join.
 */
export const ArenaId = z.string().regex(/^(?:h-\d{4}-\d{2}-\d{2}T\d{2}|[dw]-\d{4}-\d{2}-\d{2}|p-[A-Za-z0-9_-]{12})$/);
export type ArenaId = z.infer<typeof ArenaId>;

/** `hourly`, `daily` and `weekly` arenas are scheduled by the server itself; a `private` one is made by a player (`POST /api/arenas`). */
export const ArenaKind = z.enum(['hourly', 'daily', 'weekly', 'private']);
export type ArenaKind = z.infer<typeof ArenaKind>;

/** `upcoming` until its start, `running` until its end, then `finished` for good. */
export const ArenaStatus = z.enum(['upcoming', 'running', 'finished']);
export type ArenaStatus = z.infer<typeof ArenaStatus>;

/** The most rows of the table a standings frame carries, the player's own row apart. */
export const ARENA_TOP_ROWS = 10;
/** What a deal can score: 0, a win 2, on fire 4, with berserk's 1 on either. */
const Points = z.int().min(0).max(5);
const Name = z.string().min(1).max(40);

/** One arena in the schedule list, on its page, and in a player's history. */
export const ArenaSummary = z.strictObject({
  /** The arena's id: its page is `/a/ID`. */
  id: ArenaId,
  /** Scheduled hourly, daily or weekly, or private. */
  kind: ArenaKind,
  /** The arena's name. */
  name: Name,
  variant: VariantId,
  startsAt: z.int(),
  endsAt: z.int(),
  /** Its length in minutes. */
  minutes: z.int().min(10).max(120),
  /** Each deal's own time limit (a deal not won by then is timed out). */
  dealLimitMs: z.int().min(1),
  /** Where it is: `upcoming`, `running` or `finished`. */
  status: ArenaStatus,
  /** Players who have joined. */
  players: z.int().min(0),
  /** Who made a private arena; null for the scheduled ones. */
  createdBy: Player.nullable(),
  /** First place once the arena is finished (a shared first place: the first listed). */
  winner: Player.nullable(),
});
export type ArenaSummary = z.infer<typeof ArenaSummary>;

/** `GET /api/arenas`: the arenas running now and those to come, scheduled and private, by start. */
export const ArenaList = z.strictObject({
  /** The arenas, by start. */
  arenas: z.array(ArenaSummary).max(500),
  serverTime: z.int(),
});
export type ArenaList = z.infer<typeof ArenaList>;

/**
 * `POST /api/arenas` (signed in) → `ArenaSummary`. Only the types are checked here; the server
 * checks the values, each with its own code: `arena-bad-name` (1–40 characters once trimmed,
 * no control or invisible character), `arena-start-past` (a minute ago is still now),
 * `arena-start-too-far` (within a week), `arena-bad-length` (10–120 whole minutes).
 */
export const ArenaCreate = z.strictObject({
  /** The arena's name. */
  name: z.string().max(200),
  /** When it starts (server clock, ms since the epoch). */
  startsAt: z.int(),
  /** Its length in minutes. */
  minutes: z.number(),
  /** The variant of its deals. */
  variant: VariantId,
});
export type ArenaCreate = z.infer<typeof ArenaCreate>;

/** `GET /api/arenas/:id`, `GET /api/arenas/:id/table`. */
export const ArenaParams = z.strictObject({
  /** The arena's id. */
  id: ArenaId,
});
export type ArenaParams = z.infer<typeof ArenaParams>;

/** One player's place in the table, live or final. */
export const ArenaRow = z.strictObject({
  /** Players equal on score and on the time their wins took share a rank (1, 2, 2, 4). */
  rank: z.int().min(1),
  /** The player. */
  player: Player,
  /** Points so far: the sum of `points`. */
  score: z.int().min(0),
  /** The next win scores double. */
  fire: z.boolean(),
  /** Wins in a row up to now. */
  streak: z.int().min(0),
  /** The deal the player is on (in play, or the last one finished); 0 before their first. */
  deal: z.int().min(0),
  /** Whether that deal is in play now. */
  playing: z.boolean(),
  /** The points of each deal finished, in order: the sheet the table shows beside the score. */
  points: z.array(Points).max(1000),
});
export type ArenaRow = z.infer<typeof ArenaRow>;

/** `GET /api/arenas/:id`: the arena's page, for good. */
export const ArenaPage = z.strictObject({
  /** The arena. */
  arena: ArenaSummary,
  /** The first three places once finished (more with a shared place); empty before. */
  podium: z.array(ArenaRow).max(10),
  /**
   * The deals dealt, once the arena is finished (every player's games are public then); null
   * while it runs, since the sequence is the same for every player.
   */
  deals: z
    .array(
      z.strictObject({
        /** The deal's number, from 1. */
        deal: z.int().min(1),
        /** The deal's seed. */
        seed: Seed,
        /** How hard the solver found it; null when it was not rated. */
        difficulty: DealDifficulty.nullable(),
      }),
    )
    .max(1000)
    .nullable(),
  serverTime: z.int(),
});
export type ArenaPage = z.infer<typeof ArenaPage>;

/** `GET /api/arenas/:id/table?page&pageSize`: the whole table, a page at a time. */
export const ArenaTableQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type ArenaTableQuery = z.infer<typeof ArenaTableQuery>;

/** A deal a player finished in an arena; its game replays from `gameId` once the arena is over. */
export const ArenaGame = z.strictObject({
  /** The deal's number, from 1. */
  deal: z.int().min(1),
  /** The game: `GET /api/games/:id` replays it. */
  gameId: z.string(),
  /** How it counts: won, given up, timed out, or `unfinished` (cut short by the arena's end). */
  outcome: z.enum(['won', 'gave-up', 'timed-out', 'unfinished']),
  /** It was played berserk. */
  berserk: z.boolean(),
  points: Points,
  /** Its time on the server's clock. */
  elapsedMs: z.int().min(0),
});
export type ArenaGame = z.infer<typeof ArenaGame>;

export const ArenaTableRow = ArenaRow.extend({
  /** Deals won. */
  wins: z.int().min(0),
  /** The time the wins took in all: the tie-break, less is better. */
  winTimeMs: z.int().min(0),
  /** Every deal played, once the arena is finished; null while it runs. */
  games: z.array(ArenaGame).max(1000).nullable(),
}).strict();
export type ArenaTableRow = z.infer<typeof ArenaTableRow>;

export const ArenaTable = z.strictObject({
  /** The arena. */
  arenaId: ArenaId,
  /** Where it is: `upcoming`, `running` or `finished`. */
  status: ArenaStatus,
  page: z.int().min(1),
  pageSize: z.int().min(1),
  /** Players who have joined: the table's length. */
  players: z.int().min(0),
  /** This page of the table, first place first. */
  rows: z.array(ArenaTableRow).max(100),
});
export type ArenaTable = z.infer<typeof ArenaTable>;

/** An arena on a player's profile: where they finished it. */
export const ArenaHistoryEntry = z.strictObject({
  /** The arena. */
  arena: ArenaSummary,
  /** Their place in it, from 1. */
  rank: z.int().min(1),
  /** Their points. */
  score: z.int().min(0),
  /** Deals finished (won, given up or timed out). */
  games: z.int().min(0),
});
export type ArenaHistoryEntry = z.infer<typeof ArenaHistoryEntry>;

/**
 * `GET /api/players/:nickname/arenas`: the arenas a player has joined, newest first, with their
 * place in each (a running arena's place is its live one).
 */
export const ArenaHistory = z.strictObject({
  /** The arenas, newest first. */
  arenas: z.array(ArenaHistoryEntry).max(100),
  /**
   * The weekly arena whose winner carries the mark now, when this player won it: the mark stays
   * until the next weekly arena has a winner.
   */
  weeklyMark: ArenaSummary.nullable(),
});
export type ArenaHistory = z.infer<typeof ArenaHistory>;

// WebSocket frames, client → server.

/**
 * Join an arena (or come back to it) any time before its end, and get its standings
 * (`arena-standings`) from now on; a deal in play comes back as `game`. Refused with
 * `no-such-arena`, `arena-finished`, or `arena-watched` (this player has watched its boards).
 */
export const ArenaJoin = withRequestId({ type: z.literal('arena-join'), arenaId: ArenaId });
export type ArenaJoin = z.infer<typeof ArenaJoin>;

/**
 * Deal me the next deal: `deal` is its number (the last one plus one once that is over), so a
 * resend or a second tab gets the deal in play again rather than a new one. `berserk` is chosen
 * here, before the deal is dealt: no undo and no hint in it, and 1 more point if it is won.
 * Answered by `game`. Refused with `arena-not-started`, `arena-finished`, `stale` (another deal
 * number), or `arena-berserk-too-late` (berserk asked on the deal already dealt without it).
 * Joins the arena first when the player has not.
 */
export const ArenaNext = withRequestId({
  type: z.literal('arena-next'),
  arenaId: ArenaId,
  /** The number of the deal wanted. */
  deal: z.int().min(1).max(1000),
  /** Play it berserk. */
  berserk: z.boolean(),
});
export type ArenaNext = z.infer<typeof ArenaNext>;

/** Stop the standings; the player keeps their place, and a deal in play keeps its clock. */
export const ArenaLeave = withRequestId({ type: z.literal('arena-leave'), arenaId: ArenaId });
export type ArenaLeave = z.infer<typeof ArenaLeave>;

/**
 * Watch a player's board a few seconds behind (`arena-board`); `playerId: null` stops. A player
 * of the arena is sent the board only of a deal they have finished themselves; someone who has
 * not joined is sent any, and can no longer join that arena (`arena-watched`).
 */
export const ArenaWatch = withRequestId({
  type: z.literal('arena-watch'),
  arenaId: ArenaId,
  /** The player whose board to watch; null stops watching. */
  playerId: z.string().min(1).max(64).nullable(),
});
export type ArenaWatch = z.infer<typeof ArenaWatch>;

// WebSocket frames, server → client.

/**
 * The table as it stands, at most once a second to each socket while anything in it changes:
 * the top rows and the player's own (null for someone not in the arena). The first, in answer
 * to `arena-join`, carries its `rid`; the pushes after it carry none.
 */
export const ArenaStandings = withRequestId({
  type: z.literal('arena-standings'),
  arenaId: ArenaId,
  /** Where it is: `upcoming`, `running` or `finished`. */
  status: ArenaStatus,
  startsAt: z.int(),
  endsAt: z.int(),
  /** Players who have joined. */
  players: z.int().min(0),
  /** The first rows of the table, at most `ARENA_TOP_ROWS` (10). */
  top: z.array(ArenaRow).max(ARENA_TOP_ROWS),
  /** The caller's own row; null when they have not joined. */
  me: ArenaRow.nullable(),
  serverTime: z.int(),
});
export type ArenaStandings = z.infer<typeof ArenaStandings>;

/** A player's board as it was `asOf`, a few seconds ago; never a card still face down. */
export const ArenaBoard = withRequestId({
  type: z.literal('arena-board'),
  arenaId: ArenaId,
  /** The player watched. */
  player: Player,
  /** The deal's number in the arena. */
  deal: z.int().min(1),
  ...watchedBoardFields,
});
export type ArenaBoard = z.infer<typeof ArenaBoard>;

/**
 * The arena has ended: the podium and the player's own final row. The whole table, every game
 * and the deals are then at `GET /api/arenas/:id` and its table.
 */
export const ArenaOver = z.strictObject({
  type: z.literal('arena-over'),
  arenaId: ArenaId,
  /** Players who joined. */
  players: z.int().min(0),
  /** The first three places (more with a shared place). */
  podium: z.array(ArenaRow).max(10),
  /** The caller's final row; null when they had not joined. */
  me: ArenaRow.nullable(),
});
export type ArenaOver = z.infer<typeof ArenaOver>;

export const ArenaClientMessage = z.discriminatedUnion('type', [ArenaJoin, ArenaNext, ArenaLeave, ArenaWatch]);
export type ArenaClientMessage = z.infer<typeof ArenaClientMessage>;
export const ArenaServerMessage = z.discriminatedUnion('type', [ArenaStandings, ArenaBoard, ArenaOver]);
export type ArenaServerMessage = z.infer<typeof ArenaServerMessage>;
