import { z } from 'zod';
import { BestOf, ChallengeCode, FinishWindow, RoomCode, TimeLimit } from './client.ts';
import { DealDifficulty } from './deal-difficulty.ts';
import { ErrorCode } from './errors.ts';
import { GameAction, GameKind, GameOptions, GameRecord, GameStatus, Move, Seed, VariantId } from './game.ts';
import { Player, RaceResult, ShownRating } from './server.ts';

/** Every non-2xx answer, Fastify's own refusals (bad JSON, a body or a path too long) included. */
export const ApiError = z.strictObject({
  /** What went wrong: the code a client acts on (an `error` frame's `code`). */
  error: ErrorCode,
  message: z.string(),
  /** With `rate-limited` (429) and `unavailable` (503): seconds to wait before trying again, as in `Retry-After`. */
  retryAfter: z.int().min(0).optional(),
});
export type ApiError = z.infer<typeof ApiError>;

/** `GET /api/me` */
export const MeResponse = z.strictObject({
  /** The caller, from the cookie; null without one. */
  player: Player.nullable(),
});
export type MeResponse = z.infer<typeof MeResponse>;

/** `PATCH /api/me` (rename). */
export const NicknameBody = z.strictObject({
  /** The new nickname; the server checks it. */
  nickname: z.string().max(200),
});
export type NicknameBody = z.infer<typeof NicknameBody>;
/** `POST /api/players` (a new identity, sets the cookie): without a nickname, a guest under a neutral name. */
export const SignUpBody = z.strictObject({
  /** The nickname wanted; left out, a guest under a neutral name. */
  nickname: z.string().max(200).optional(),
  /** The page's early socket (its `early` greeting's `socket`): the answer carries a token to bind it. */
  socket: z.string().max(80).optional(),
});
export type SignUpBody = z.infer<typeof SignUpBody>;
export const PlayerResponse = z.strictObject({
  /** The player made: the cookie set with this answer names them. */
  player: Player,
  /**
   * Only when the sign-up named an early socket: sent in `identify` on that socket (and no
   * other), within seconds, once, it binds the socket to this player.
   */
  socketToken: z.string().optional(),
});
export type PlayerResponse = z.infer<typeof PlayerResponse>;

const DateString = z.iso.date();

export { DealDifficulty } from './deal-difficulty.ts';

/** `GET /api/daily` (today) and `GET /api/daily/:date`. The deal only once the day is over. */
export const DailyInfo = z.strictObject({
  date: DateString,
  day: z.int(),
  variant: VariantId,
  options: GameOptions,
  /** True once the day has ended: deal and move lists are public. */
  public: z.boolean(),
  /** The deal's seed, once the day is over; null before. */
  seed: Seed.nullable(),
  /** The deal's cards in dealing order, once the day is over; null before. */
  deck: z.array(z.string()).nullable(),
  /** Null when the deal was not proven winnable by the solver ("not rated"). */
  difficulty: DealDifficulty.nullable(),
  /**
   * The winning line the solver certified, move by move from the deal's start: only once the
   * day is over (it would give the deal away), and null for a deal with no stored line.
   */
  solution: z.array(Move).nullable(),
  serverTime: z.int(),
});
export type DailyInfo = z.infer<typeof DailyInfo>;

/**
 * `GET /api/daily/:date/late`: a past day played late, once its day is over. Its deal is public
 * then, and anyone can play it as practice on its seed (unranked, timed by the server): each
 * player's best win, the fastest first (then fewer moves, then the earlier).
 */
export const LateBoard = z.strictObject({
  date: DateString,
  day: z.int(),
  /** Each player's best late win, the fastest first. */
  rows: z.array(
    z.strictObject({
      rank: z.int().min(1),
      playerId: z.string(),
      nickname: z.string(),
      /** Time to the win. */
      timeMs: z.int(),
      moves: z.int(),
      /** The practice game: public, so `/api/games/:id` replays it. */
      gameId: z.string(),
    }),
  ),
});
export type LateBoard = z.infer<typeof LateBoard>;

/**
 * Why a ranked result is kept off the board: another identity opened the deal on its device first
 * (`address`, another identity from its address, is only on results flagged before that rule was dropped).
 */
export const FlagReason = z.enum(['device', 'address']);
export type FlagReason = z.infer<typeof FlagReason>;

/** How a finished daily attempt of the caller's ended: figures only, never a card. */
const DailyAttemptResult = z.strictObject({
  gameId: z.string(),
  won: z.boolean(),
  timeMs: z.int(),
  moves: z.int(),
  progress: z.int(),
  faceDown: z.int(),
});

/** A ranked daily result held for a moderator's review, as its own player is told of it (never anyone else). */
export const UnderReview = z.strictObject({
  date: DateString,
  gameId: z.string(),
  /** What it means and what happens next, in plain English, for API users: the app words it itself from `date`. */
  message: z.string(),
});
export type UnderReview = z.infer<typeof UnderReview>;

/** `GET /api/me/daily`: where the caller stands with today's ranked daily. */
export const DailyStanding = z.strictObject({
  date: DateString,
  /** The caller's ranked result of today when it was kept off the board, with why. */
  flagged: DailyAttemptResult.extend({
    /** Why it was kept off the board. */
    reason: FlagReason,
    /** Why, in plain English, for API users: the app words it itself from `reason`. */
    message: z.string(),
  }).nullable(),
  /**
   * The caller's ranked result of today when its evidence from play holds it for a moderator: off
   * the board and out of the counts until then, with what happens next. Told to the caller alone.
   */
  review: DailyAttemptResult.extend({
    /** What happens next, in plain English, for API users: the app words it itself from the standing's `date`. */
    message: z.string(),
  }).nullable(),
});
export type DailyStanding = z.infer<typeof DailyStanding>;

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(20);

/** `GET /api/leaderboards/daily?date=YYYY-MM-DD&page=1&pageSize=20` (date defaults to today). */
export const DailyBoardQuery = z.strictObject({
  /** The day, `YYYY-MM-DD`; today when left out. */
  date: DateString.optional(),
  page,
  pageSize,
});
export type DailyBoardQuery = z.infer<typeof DailyBoardQuery>;

export const DailyBoardRow = z.strictObject({
  rank: z.int().min(1),
  playerId: z.string(),
  nickname: z.string(),
  /** Solved the deal. */
  won: z.boolean(),
  timeMs: z.int(),
  moves: z.int(),
  progress: z.int(),
  faceDown: z.int(),
  gameId: z.string(),
});
export type DailyBoardRow = z.infer<typeof DailyBoardRow>;

export const DailyBoard = z.strictObject({
  date: DateString,
  day: z.int(),
  /** Ranked results on the board. */
  played: z.int(),
  /** Wins among them. */
  won: z.int(),
  page: z.int(),
  pageSize: z.int(),
  /** This page of the board, first place first. */
  rows: z.array(DailyBoardRow),
  /** The caller's own row, wherever it ranks (null without a ranked result). */
  me: DailyBoardRow.nullable(),
  /** True once the day has ended: each row's game can be fetched from `/api/games/:id`. */
  public: z.boolean(),
});
export type DailyBoard = z.infer<typeof DailyBoard>;

/** `GET /api/leaderboards/daily/times?date=YYYY-MM-DD` (date defaults to today). Public at any time. */
export const DailyTimesQuery = z.strictObject({
  /** The day, `YYYY-MM-DD`; today when left out. */
  date: DateString.optional(),
});
export type DailyTimesQuery = z.infer<typeof DailyTimesQuery>;

/** Finishing times from `from` (inclusive) to `to` (exclusive), in ms. */
export const TimeBin = z.strictObject({
  /** The bin's first time, in ms (inclusive). */
  from: z.int().min(0),
  /** Where the bin ends, in ms (exclusive). */
  to: z.int().min(0),
  /** Verified wins with a time in the bin. */
  count: z.int().min(0),
  /** The caller's own (verified, winning) time is in this bin. */
  mine: z.boolean(),
});
export type TimeBin = z.infer<typeof TimeBin>;

/**
 * How long the day's winners took: every verified win of the day, not a page of them, in at most
 * 12 contiguous bins of one round width (empty when nobody has won yet). Times give nothing of the
 * deal away, so this is public before the day ends.
 */
export const DailyTimes = z.strictObject({
  date: DateString,
  day: z.int(),
  /** The same counts as the daily board: ranked results and wins on it. */
  played: z.int(),
  /** Wins on the board. */
  won: z.int(),
  /** The bins, fastest first. */
  bins: z.array(TimeBin).max(12),
});
export type DailyTimes = z.infer<typeof DailyTimes>;

/** `GET /api/leaderboards/all-time?board=wins|streak|fastest&page&pageSize` */
export const AllTimeQuery = z.strictObject({
  /** `wins`: most daily wins; `streak`: longest run of daily wins (`bestStreak`); `fastest`: the fastest daily wins. */
  board: z.enum(['wins', 'streak', 'fastest']).default('wins'),
  page,
  pageSize,
});
export type AllTimeQuery = z.infer<typeof AllTimeQuery>;

export const AllTimeRow = z.strictObject({
  rank: z.int().min(1),
  playerId: z.string(),
  nickname: z.string(),
  dailyWins: z.int(),
  dailyPlayed: z.int(),
  currentStreak: z.int(),
  bestStreak: z.int(),
  /** Fastest daily win in ms (for `fastest`: the time of this row's win). */
  bestTimeMs: z.int().nullable(),
  /** For `fastest`: the day of that win. */
  date: DateString.nullable(),
});
export const AllTimeBoard = z.strictObject({
  /** The board asked for. */
  board: z.enum(['wins', 'streak', 'fastest']),
  page: z.int(),
  pageSize: z.int(),
  /** This page of the board, first place first. */
  rows: z.array(AllTimeRow),
  /**
   * The players on this page the caller has raced (from the cookie; empty without one): a
   * head-to-head ("vs you") is offered only with them, the others' would be empty.
   */
  raced: z.array(z.string()),
});
export type AllTimeBoard = z.infer<typeof AllTimeBoard>;

/** `GET /api/head-to-head?a=PLAYER&b=PLAYER` */
export const HeadToHeadQuery = z.strictObject({
  /** One player's id. */
  a: z.string().min(1).max(64),
  /** The other's id. */
  b: z.string().min(1).max(64),
});
export const HeadToHead = z.strictObject({
  /** The first player. */
  a: Player,
  /** The second player. */
  b: Player,
  /** Races both have finished together. */
  races: z.int(),
  /** Of those, the races `a` placed ahead of `b`. */
  aWins: z.int(),
  /** Of those, the races `b` placed ahead of `a`. */
  bWins: z.int(),
});
export type HeadToHead = z.infer<typeof HeadToHead>;

/** `GET /api/rooms/:code` — enough for the `/r/CODE` page before joining. */
export const RoomSummary = z.strictObject({
  /** The room's code. */
  code: RoomCode,
  /** The room's host. */
  host: Player,
  variant: VariantId,
  options: GameOptions,
  /** Each race's time limit in minutes; 0 for none. */
  timeLimit: TimeLimit,
  winnableOnly: z.boolean(),
  /** Its races change the racers' ratings. */
  rated: z.boolean(),
  /** Single races (1), or a best-of series. */
  bestOf: BestOf,
  /** Seconds the others get once someone has solved it; 0 waits for everyone. */
  finishWindow: FinishWindow,
  /** Members now. */
  members: z.int(),
  /** Races played in it so far. */
  races: z.int(),
});
export type RoomSummary = z.infer<typeof RoomSummary>;

/** `GET /api/me/rooms` — the rooms the caller belongs to, the latest joined first, at most `MY_ROOMS_MAX`. */
export const MY_ROOMS_MAX = 10;
export const MyRooms = z.strictObject({
  /** The rooms, the latest joined first. */
  rooms: z.array(RoomSummary).max(MY_ROOMS_MAX),
});
export type MyRooms = z.infer<typeof MyRooms>;

/** `GET /api/rooms/:code/races?page&pageSize` — newest first. */
export const RoomHistoryQuery = z.strictObject({ page, pageSize });
export const RoomHistory = z.strictObject({
  /** The room's code. */
  code: RoomCode,
  page: z.int(),
  pageSize: z.int(),
  /** This page of its finished races, newest first. */
  races: z.array(
    z.strictObject({
      /** The race's id. */
      raceId: z.string(),
      /** The race's number in the room, from 1. */
      number: z.int(),
      /** When it started (server clock, ms since the epoch). */
      startedAt: z.int(),
      /** When it ended (server clock, ms since the epoch). */
      finishedAt: z.int(),
      /** Its deal's seed, public once the race is over. */
      seed: Seed,
      /** Its ranking, first place first. */
      results: z.array(RaceResult),
    }),
  ),
});
export type RoomHistory = z.infer<typeof RoomHistory>;

/**
 * `GET /api/games/:id` — a game that is public (finished practice, finished race, a daily game
 * once its day is over): the record to replay it move by move, and the full action log.
 */
export const PublicGame = z.strictObject({
  gameId: z.string(),
  /** What kind of game it was. */
  kind: GameKind,
  /** Who played it. */
  player: Player,
  /** `playing`, or how the game ended. */
  status: GameStatus,
  /** The deal's seed; null for a game with none stored. */
  seed: Seed.nullable(),
  /** The deal and its moves, to replay it. */
  record: GameRecord,
  /** Every action in order, undo and redo included, with the server time it was applied. */
  actions: z.array(
    z.strictObject({
      /** The action's place in the game, from 0. */
      seq: z.int(),
      /** The action: a move, an undo or a redo. */
      action: GameAction,
      at: z.int(),
    }),
  ),
  moves: z.int(),
  /** The game's time on the server's clock. */
  timeMs: z.int(),
});
export type PublicGame = z.infer<typeof PublicGame>;

/** What the solver says of one position of a played line, within its node budget. */
export const PositionVerdict = z.enum(['winnable', 'lost', 'not-decided']);
export type PositionVerdict = z.infer<typeof PositionVerdict>;

/** A finished line's analysis: the verdict of every position and the move that lost the deal. */
export const LineAnalysis = z.strictObject({
  /** One verdict per position: the start, then the position after each move of the line as played. */
  verdicts: z.array(PositionVerdict),
  /** The first move (0-based) after which the deal could no longer be won, and a win from the position before it; null when there is none or the solver could not tell. */
  turningPoint: z
    .strictObject({
      /** The losing move, as its index in the line. */
      move: z.int().min(0),
      /** A winning line from the position before that move. */
      winningLine: z.array(Move),
    })
    .nullable(),
});
export type LineAnalysis = z.infer<typeof LineAnalysis>;

/**
 * `GET /api/games/:id/analysis` — a public game's analysis as stored with it (a weighed daily's,
 * computed once on the server's solver threads), or null: the page then computes it from the
 * public deal in its own solver worker. 403 `not-public` while the deal is secret.
 */
export const GameAnalysis = z.strictObject({
  gameId: z.string(),
  /** The stored analysis; null when none is stored (the page computes it itself). */
  analysis: LineAnalysis.nullable(),
});
export type GameAnalysis = z.infer<typeof GameAnalysis>;

/** `GET /api/leaderboards/ratings?page&pageSize` — established ratings first, then provisional ones. */
export const RatingBoardQuery = z.strictObject({ page, pageSize });
export const RatingBoard = z.strictObject({
  page: z.int(),
  pageSize: z.int(),
  /** This page of the board, first place first. */
  rows: z.array(
    z.strictObject({
      /** Place, from 1. */
      rank: z.int(),
      /** The player. */
      player: Player,
      /** Their rating, as shown. */
      rating: ShownRating,
    }),
  ),
});
export type RatingBoard = z.infer<typeof RatingBoard>;

/** The `:nickname` of a profile's address, as typed (its look-alike fold finds the player). */
export const ProfileParams = z.strictObject({
  /** The nickname in the address, as typed. */
  nickname: z.string().min(1).max(64),
});

/**
 * `GET /api/players/:nickname/profile` — what `/p/NICKNAME` shows. `headToHead` is the caller's
 * record against this player (null without an identity, or on one's own profile).
 */
export const Profile = z.strictObject({
  /** Whose profile it is. */
  player: Player,
  /** Their race rating; null before their first rated race. */
  rating: ShownRating.nullable(),
  /** The rating after each rated race, the oldest first (the latest 100). */
  ratingHistory: z.array(
    z.strictObject({
      /** The rated race. */
      raceId: z.string(),
      at: z.int(),
      /** The shown rating after it. */
      rating: z.int(),
    }),
  ),
  /** Their ranked dailies, as counted on the boards. */
  daily: z.strictObject({
    /** Ranked dailies played. */
    played: z.int(),
    /** Won. */
    wins: z.int(),
    /** Wins over ranked dailies played, 0–1; null before the first. */
    solveRate: z.number().min(0).max(1).nullable(),
    currentStreak: z.int(),
    bestStreak: z.int(),
    /** The fastest win, in ms; null before the first. */
    bestTimeMs: z.int().nullable(),
    /** The median of the last year's verified winning times; null without one. */
    medianTimeMs: z.int().nullable(),
    /** Days with a ranked daily in the last year, the latest first. */
    days: z.array(z.strictObject({ date: DateString, won: z.boolean() })),
  }),
  /** The latest finished races; each racer's game replays at `/g/GAME`. */
  races: z.array(
    z.strictObject({
      /** The race's id. */
      raceId: z.string(),
      /** The room it was raced in. */
      code: RoomCode,
      /** The race's number in its room, from 1. */
      number: z.int(),
      /** When it ended (server clock, ms since the epoch). */
      finishedAt: z.int(),
      /** It changed the racers' ratings. */
      rated: z.boolean(),
      /** This player's place, from 1. */
      rank: z.int(),
      /** How many raced. */
      racers: z.int(),
      /** This player solved the deal. */
      won: z.boolean(),
      /** This player's time. */
      timeMs: z.int(),
      /** This player's game in it. */
      gameId: z.string(),
    }),
  ),
  /** The caller against this player; null without an identity or on one's own profile. */
  headToHead: z
    .strictObject({
      /** Races both have finished together. */
      races: z.int(),
      /** Of those, the races the caller placed ahead. */
      myWins: z.int(),
      /** Of those, the races this player placed ahead. */
      theirWins: z.int(),
    })
    .nullable(),
  /**
   * Rating points given back to this player after a rated opponent of theirs was marked (the
   * latest first): the profile's note. Taken back, and gone from here, if the mark is cleared.
   */
  refunds: z.array(
    z.strictObject({
      /** Rating points given back. */
      points: z.int(),
      at: z.int(),
    }),
  ),
  /**
   * The player's own daily results held for a moderator's review, the latest first: only in their
   * own view of their profile (empty for anyone else, so it never reads as an accusation).
   */
  underReview: z.array(UnderReview),
});
export type Profile = z.infer<typeof Profile>;

/** `POST /api/games/:id/hint`: a hint in a practice game the server dealt, for the position at `seq`. */
export const HintBody = z.strictObject({
  /** The game's `seq` the hint is for: a hint asked for an older position is refused (`stale`). */
  seq: z.int().min(0),
});
export type HintBody = z.infer<typeof HintBody>;

/**
 * The answer to `POST /api/games/:id/hint`, worked out by the server's solver from the whole
 * position. Only the next move of a winning line: the rest of the line would tell of cards still
 * face down. The game is marked (`hints`) before this is sent, and cannot be challenged.
 */
export const HintAnswer = z.strictObject({
  /** The position it answers: the game's `seq` when it was asked. */
  seq: z.int().min(0),
  /**
   * `move`: a move of a winning line, with cards face up only; `lost`: no line wins from here;
   * `won`: solved already; `unknown`: the solver found no line in its time.
   */
  hint: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('move'), move: Move }),
    z.strictObject({ kind: z.enum(['won', 'lost', 'unknown']) }),
  ]),
  /** Hints given in this game so far, this one included. */
  hints: z.int().min(1),
});
export type HintAnswer = z.infer<typeof HintAnswer>;

/** `POST /api/challenges`: a link that challenges anyone to beat one of your finished games. */
export const ChallengeCreateBody = z.strictObject({
  /** The caller's finished game to challenge others with. */
  gameId: z.string().min(1).max(64),
});
export type ChallengeCreateBody = z.infer<typeof ChallengeCreateBody>;

/**
 * `GET /api/challenges/:code` (and the answer to `POST /api/challenges`): what the link's page
 * shows before playing. The original's result, never its deal, seed or game id.
 */
export const ChallengeInfo = z.strictObject({
  /** The link's code. */
  code: ChallengeCode,
  /** `/c/CODE` */
  link: z.string(),
  /** Who played the original game. */
  by: Player,
  /** The kind of game challenged, and its day for a daily. */
  kind: GameKind,
  /** The daily's date for a daily game; null for any other. */
  daily: z.strictObject({ date: DateString }).nullable(),
  variant: VariantId,
  options: GameOptions,
  /** How the original ended: figures only. */
  result: z.strictObject({
    /** How it ended. */
    status: GameStatus,
    /** Its time. */
    timeMs: z.int(),
    moves: z.int(),
    progress: z.int(),
  }),
  /** The caller's games against it, oldest first (from the cookie; empty without one). */
  mine: z.array(
    z.strictObject({
      /** The caller's game against it. */
      gameId: z.string(),
      /** `playing`, or how it ended. */
      status: GameStatus,
      /** Its time; null while it has none stored. */
      timeMs: z.int().nullable(),
    }),
  ),
});
export type ChallengeInfo = z.infer<typeof ChallengeInfo>;

/**
 * `GET /api/challenges/:code/original`: the original game move by move, for the comparison.
 * Only to its own player, or to whoever has finished a game against it (403
 * `challenge-not-finished` before: its moves would give the deal away).
 */
export const ChallengeOriginal = z.strictObject({
  /** The link's code. */
  code: ChallengeCode,
  /** The original game, move by move. */
  game: PublicGame,
});
export type ChallengeOriginal = z.infer<typeof ChallengeOriginal>;
