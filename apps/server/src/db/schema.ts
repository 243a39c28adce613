// Type only: erased when drizzle-kit loads this file.
import type { FinishWindow } from '@scorpion/protocol';
import type { Card, Move, Options, VariantId } from '@scorpion/rules';
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { Assessment } from '../deals/certify.ts';
import { sqliteKit } from './sqlite-kit.ts';
import {
  nodeBeatsColumns,
  oneTimeKeysColumns,
  passkeysColumns,
  playersColumns,
  sessionsColumns,
  settingsColumns,
} from './tables/accounts.ts';

export const settings = sqliteTable('settings', settingsColumns(sqliteKit));

export const nodeBeats = sqliteTable('node_beats', nodeBeatsColumns(sqliteKit));

export const players = sqliteTable('players', playersColumns(sqliteKit), (t) => [
  uniqueIndex('players_nickname_key').on(t.nicknameKey),
  uniqueIndex('players_token_hash').on(t.tokenHash),
]);

export const sessions = sqliteTable('sessions', sessionsColumns(sqliteKit), (t) => [
  uniqueIndex('sessions_token_hash').on(t.tokenHash),
  index('sessions_player').on(t.playerId),
]);

export const passkeys = sqliteTable('passkeys', passkeysColumns(sqliteKit), (t) => [
  index('passkeys_player').on(t.playerId),
]);

export const oneTimeKeys = sqliteTable('one_time_keys', oneTimeKeysColumns(sqliteKit), (t) => [
  index('one_time_keys_expiry').on(t.expiresAt),
]);

export const games = sqliteTable(
  'games',
  {
    id: text('id').primaryKey(),
    playerId: text('player_id').notNull(),
    kind: text('kind', { enum: ['daily', 'practice', 'race', 'challenge', 'arena'] }).notNull(),
    variant: text('variant').$type<VariantId>().notNull(),
    options: text('options', { mode: 'json' }).$type<Options>().notNull(),
    seed: text('seed'),
    /** The player chose the seed (practice): the seed may be shown to them. */
    playerSeed: integer('player_seed', { mode: 'boolean' }).notNull(),
    /** The full deck as card numbers, in deal order. */
    deck: text('deck', { mode: 'json' }).$type<readonly Card[]>().notNull(),
    dailyDate: text('daily_date'),
    raceId: text('race_id'),
    ranked: integer('ranked', { mode: 'boolean' }).notNull(),
    status: text('status', { enum: ['playing', 'won', 'gave-up', 'timed-out'] }).notNull(),
    /** Server clock when the clock starts (a race's countdown end; when a daily was first shown). */
    startedAt: integer('started_at').notNull(),
    /** Server downtime while the game was open: never counted on its clock. */
    pausedMs: integer('paused_ms').notNull().default(0),
    finishedAt: integer('finished_at'),
    timeMs: integer('time_ms'),
    seq: integer('seq').notNull().default(0),
    moves: integer('moves').notNull().default(0),
    undos: integer('undos').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    faceDown: integer('face_down').notNull().default(0),
    /** An arena deal (kind `arena`): its arena, its number there (from 1), and whether it is played berserk. */
    arenaId: text('arena_id'),
    arenaDeal: integer('arena_deal'),
    berserk: integer('berserk', { mode: 'boolean' }).notNull().default(false),
    /** An arena deal takes no action from then on: its own limit, or the arena's end if sooner. */
    closesAt: integer('closes_at'),
    /**
     * Cluster mode: the process serving an arena deal in play (`NODE_ID`), set when it deals it or takes
     * it over; when that process dies, the deal's unserved seconds are credited once (`OutageRepo.take`).
     */
    heldBy: text('held_by'),
  },
  (t) => [
    // A player's deal of an arena is one game, so its result cannot be stored, or counted, twice.
    uniqueIndex('games_arena_deal').on(t.arenaId, t.playerId, t.arenaDeal),
    index('games_player_status').on(t.playerId, t.status),
    index('games_daily').on(t.dailyDate, t.playerId),
    // One ranked attempt per player and day, whichever process or tab asks first.
    uniqueIndex('games_daily_ranked').on(t.playerId, t.dailyDate).where(sql`kind = 'daily' AND ranked = 1`),
    index('games_race').on(t.raceId),
    index('games_open').on(t.status).where(sql`status = 'playing'`),
    // A past daily's deal played late, as practice on its seed: its own board (`repo/shared/late.ts`).
    index('games_seed').on(t.seed).where(sql`kind = 'practice'`),
    // The month's finished games in order, for the open-data export (`exports/`).
    index('games_finished').on(t.finishedAt, t.id),
  ],
);

/**
 * The hints the server gave in a practice game it dealt (its seed kept from the player): a game
 * with any is marked so, and cannot become a "Beat my time" challenge. Stored before the hint is
 * answered, so that no hint is ever given without its mark.
 */
export const gameHints = sqliteTable('game_hints', {
  gameId: text('game_id').primaryKey(),
  hints: integer('hints').notNull(),
  lastAt: integer('last_at').notNull(),
});

/** Every action of every game, in order: the game is these replayed from its deck. */
export const actions = sqliteTable(
  'actions',
  {
    gameId: text('game_id').notNull(),
    seq: integer('seq').notNull(),
    action: text('action').notNull(),
    at: integer('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.seq] })],
);

export const dailyDeals = sqliteTable('daily_deals', {
  date: text('date').primaryKey(),
  day: integer('day').notNull(),
  variant: text('variant').$type<VariantId>().notNull(),
  seed: text('seed').notNull(),
  deck: text('deck', { mode: 'json' }).$type<readonly Card[]>().notNull(),
  /** Which candidate of the day (0, 1, …) the certifier accepted, and which certifier. */
  candidate: integer('candidate').notNull(),
  certifiedBy: text('certified_by').notNull(),
  /**
   * The certificate of a deal proven winnable: a winning line from the start (published once the
   * day is over) and the solver's difficulty. Null when nothing was proven (CERTIFY=none, an
   * undecided candidate) and for deals certified before certificates were kept.
   */
  line: text('line', { mode: 'json' }).$type<readonly Move[]>(),
  difficultyStars: integer('difficulty_stars'),
  difficultyScore: real('difficulty_score'),
});

/**
 * One ranked daily result per player and day. `sortKey` orders the board in one index scan:
 * winners by time then moves, then the rest by progress, face-down cards left, moves.
 */
export const dailyResults = sqliteTable(
  'daily_results',
  {
    date: text('date').notNull(),
    playerId: text('player_id').notNull(),
    gameId: text('game_id').notNull(),
    won: integer('won', { mode: 'boolean' }).notNull(),
    timeMs: integer('time_ms').notNull(),
    moves: integer('moves').notNull(),
    progress: integer('progress').notNull(),
    faceDown: integer('face_down').notNull(),
    /** The stored move list replays to this result; unverified results are not on the board. */
    verified: integer('verified', { mode: 'boolean' }).notNull(),
    sortKey: integer('sort_key').notNull(),
    finishedAt: integer('finished_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.date, t.playerId] }),
    index('daily_results_board').on(t.date, t.verified, t.sortKey, t.finishedAt, t.playerId),
    index('daily_results_fastest').on(t.timeMs, t.finishedAt, t.playerId, t.date).where(sql`won = 1 AND verified = 1`),
  ],
);

/**
 * A ranked daily result kept off the board: another identity opened the same day's deal from the
 * same device before it ended (`daily/flags.ts`; `address`: from the same address, a rule since dropped). Its owner sees it, with the reason;
 * no board, rank, count or total includes it.
 */
export const dailyFlagged = sqliteTable(
  'daily_flagged',
  {
    date: text('date').notNull(),
    playerId: text('player_id').notNull(),
    gameId: text('game_id').notNull(),
    won: integer('won', { mode: 'boolean' }).notNull(),
    timeMs: integer('time_ms').notNull(),
    moves: integer('moves').notNull(),
    progress: integer('progress').notNull(),
    faceDown: integer('face_down').notNull(),
    verified: integer('verified', { mode: 'boolean' }).notNull(),
    finishedAt: integer('finished_at').notNull(),
    reason: text('reason', { enum: ['address', 'device'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.date, t.playerId] })],
);

/**
 * Who opened which day's deal from where: one row per player, day, address and device, with the
 * first time. `address` is a keyed hash of the address (never the address itself); `device` the
 * device cookie's id, '' when the client sent none.
 */
export const dailyOpens = sqliteTable(
  'daily_opens',
  {
    date: text('date').notNull(),
    playerId: text('player_id').notNull(),
    address: text('address').notNull(),
    device: text('device').notNull(),
    at: integer('at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.date, t.playerId, t.address, t.device] }),
    index('daily_opens_address').on(t.date, t.address, t.at),
    index('daily_opens_device').on(t.date, t.device, t.at),
  ],
);

/** How many ranked results each day's board holds and how many are wins, kept with each result. */
export const dailyCounts = sqliteTable('daily_counts', {
  date: text('date').primaryKey(),
  played: integer('played').notNull(),
  won: integer('won').notNull(),
});

/** Per-player daily totals, kept up to date with each result so all-time boards need no scan. */
export const playerStats = sqliteTable(
  'player_stats',
  {
    playerId: text('player_id').primaryKey(),
    dailyPlayed: integer('daily_played').notNull(),
    dailyWins: integer('daily_wins').notNull(),
    currentStreak: integer('current_streak').notNull(),
    bestStreak: integer('best_streak').notNull(),
    lastWinDate: text('last_win_date'),
    bestTimeMs: integer('best_time_ms'),
  },
  (t) => [
    // Each board's whole order, player id included (read backwards): a deep page steps over
    // index entries only.
    // A tie ends with the best time, the fastest first (then the player id): read backwards, the
    // time's column runs from fast to slow.
    index('player_stats_wins_time').on(t.dailyWins, sql`${t.bestTimeMs} desc`, t.playerId),
    index('player_stats_streak_time').on(t.bestStreak, t.dailyWins, sql`${t.bestTimeMs} desc`, t.playerId),
  ],
);

export const rooms = sqliteTable('rooms', {
  code: text('code').primaryKey(),
  hostId: text('host_id').notNull(),
  variant: text('variant').$type<VariantId>().notNull(),
  options: text('options', { mode: 'json' }).$type<Options>().notNull(),
  timeLimit: integer('time_limit').$type<0 | 5 | 10 | 15>().notNull(),
  winnableOnly: integer('winnable_only', { mode: 'boolean' }).notNull(),
  /** The host's choice at creation: its races change the racers' ratings. */
  rated: integer('rated', { mode: 'boolean' }).notNull().default(false),
  /** 1 for single races; 3 or 5 for a best-of series (first to 2 or 3 game wins). */
  bestOf: integer('best_of').$type<1 | 3 | 5>().notNull().default(1),
  /** Seconds the others get to finish once someone has solved it; 0 waits for everyone. */
  finishWindow: integer('finish_window').$type<FinishWindow>().notNull().default(30),
  createdAt: integer('created_at').notNull(),
});

export const roomMembers = sqliteTable(
  'room_members',
  {
    code: text('code').notNull(),
    playerId: text('player_id').notNull(),
    joinedAt: integer('joined_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.code, t.playerId] }), index('room_members_player').on(t.playerId)],
);

export const races = sqliteTable(
  'races',
  {
    id: text('id').primaryKey(),
    code: text('code').notNull(),
    number: integer('number').notNull(),
    seed: text('seed').notNull(),
    /** Server clock at the end of the countdown. */
    startsAt: integer('starts_at').notNull(),
    pausedMs: integer('paused_ms').notNull().default(0),
    /** Minutes; 0 for none. */
    timeLimit: integer('time_limit').notNull(),
    status: text('status', { enum: ['racing', 'finished'] }).notNull(),
    finishedAt: integer('finished_at'),
    /** Rated when dealt (the room's setting then): its end updates the racers' ratings. */
    rated: integer('rated', { mode: 'boolean' }).notNull().default(false),
    /** In a best-of room: the number of the race that opened this race's series. */
    series: integer('series'),
  },
  (t) => [
    uniqueIndex('races_room_number').on(t.code, t.number),
    index('races_status').on(t.status),
    index('races_series').on(t.code, t.series),
  ],
);

/**
 * Cluster mode: which process owns each room (and runs its races). A claim on a free or lapsed
 * lease takes a new `epoch`; race-level writes carry the epoch they were made under and are
 * refused once it is no longer the room's (fencing). Embedded mode never writes a row.
 */
export const roomOwners = sqliteTable('room_owners', {
  code: text('code').primaryKey(),
  nodeId: text('node_id').notNull(),
  epoch: integer('epoch').notNull(),
  /** Server clock when the lease was last taken or renewed. */
  renewedAt: integer('renewed_at').notNull(),
  /** Server clock from which another process may claim the room. */
  leaseUntil: integer('lease_until').notNull(),
});

export const raceResults = sqliteTable(
  'race_results',
  {
    raceId: text('race_id').notNull(),
    playerId: text('player_id').notNull(),
    gameId: text('game_id').notNull(),
    rank: integer('rank').notNull(),
    won: integer('won', { mode: 'boolean' }).notNull(),
    gaveUp: integer('gave_up', { mode: 'boolean' }).notNull(),
    timeMs: integer('time_ms').notNull(),
    progress: integer('progress').notNull(),
    faceDown: integer('face_down').notNull(),
    moves: integer('moves').notNull(),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.playerId] }), index('race_results_player').on(t.playerId, t.raceId)],
);

/**
 * Each player's rating (OpenSkill Weng-Lin: mean and uncertainty), written only with a rated
 * race's end. `established` is `games >= PROVISIONAL_GAMES`, kept so the leaderboard is one index.
 */
export const ratings = sqliteTable(
  'ratings',
  {
    playerId: text('player_id').primaryKey(),
    mu: real('mu').notNull(),
    sigma: real('sigma').notNull(),
    games: integer('games').notNull(),
    established: integer('established', { mode: 'boolean' }).notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('ratings_board').on(t.established, t.mu, t.playerId)],
);

/** One row per rated race and racer: the rating after it (the history a profile charts). */
export const ratingHistory = sqliteTable(
  'rating_history',
  {
    raceId: text('race_id').notNull(),
    playerId: text('player_id').notNull(),
    /** The rank the rating read (a racer who left early counts as last). */
    rank: integer('rank').notNull(),
    muBefore: real('mu_before').notNull(),
    mu: real('mu').notNull(),
    sigma: real('sigma').notNull(),
    games: integer('games').notNull(),
    at: integer('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.playerId] }), index('rating_history_player').on(t.playerId, t.at)],
);

/**
 * "Beat my time": a challenge link to one finished, public game (its `source`). The code is the
 * link's only key, so the link never names the game, whose public record holds the whole deck.
 * One challenge per game: sharing again gives the same link.
 */
export const challenges = sqliteTable(
  'challenges',
  {
    code: text('code').primaryKey(),
    sourceGameId: text('source_game_id').notNull(),
    playerId: text('player_id').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('challenges_source').on(t.sourceGameId)],
);

/** The games played against a challenge's ghost, one row each. */
export const challengeGames = sqliteTable(
  'challenge_games',
  {
    gameId: text('game_id').primaryKey(),
    code: text('code').notNull(),
    playerId: text('player_id').notNull(),
  },
  (t) => [index('challenge_games_player').on(t.playerId, t.code)],
);

/** Players the operator made moderators (`pnpm moderator grant NICKNAME`). */
export const moderators = sqliteTable('moderators', {
  playerId: text('player_id').primaryKey(),
  grantedAt: integer('granted_at').notNull(),
});

/**
 * The moderators' queue, past and present: a player's report of another, a ranked game held off
 * the board by its evidence from play, or a marked player's appeal. `status` says how it closed.
 */
export const modCases = sqliteTable(
  'mod_cases',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['report', 'held', 'appeal'] }).notNull(),
    /** Whom the entry is about. */
    playerId: text('player_id').notNull(),
    /** Who reported (reports only). */
    reporterId: text('reporter_id'),
    /** A reason from `REPORT_REASONS` (reports only). */
    reason: text('reason'),
    /** The reporter's or the appellant's own sentence. */
    note: text('note'),
    /** Where the report was made: a race's results, a profile, an arena's standings. */
    source: text('source'),
    gameId: text('game_id'),
    raceId: text('race_id'),
    /** What the evidence from play says about a held game, in a sentence. */
    summary: text('summary'),
    createdAt: integer('created_at').notNull(),
    status: text('status', { enum: ['open', 'actioned', 'cleared', 'dismissed'] }).notNull(),
    closedAt: integer('closed_at'),
    /** The reporter has been told that the report led to action. */
    reporterTold: integer('reporter_told', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    index('mod_cases_open').on(t.status, t.createdAt),
    index('mod_cases_player').on(t.playerId, t.status),
    index('mod_cases_reporter').on(t.reporterId, t.status),
    // One open report per reporter and player; one queue entry per held game.
    uniqueIndex('mod_cases_one_open_report')
      .on(t.reporterId, t.playerId)
      .where(sql`kind = 'report' AND status = 'open'`),
    uniqueIndex('mod_cases_held_game').on(t.gameId).where(sql`kind = 'held'`),
  ],
);

/** A marked player: their results leave every board until a moderator clears them. */
export const marks = sqliteTable('marks', {
  playerId: text('player_id').primaryKey(),
  markedAt: integer('marked_at').notNull(),
  /** The moderation log entry that marked them. */
  logId: text('log_id').notNull(),
  /** When they appealed: once per mark. */
  appealedAt: integer('appealed_at'),
});

/** Every moderator's action: who, what, about whom, when and why; each can be undone once. */
export const modLog = sqliteTable(
  'mod_log',
  {
    id: text('id').primaryKey(),
    moderatorId: text('moderator_id').notNull(),
    action: text('action', { enum: ['mark', 'clear', 'dismiss'] }).notNull(),
    playerId: text('player_id').notNull(),
    reason: text('reason').notNull(),
    at: integer('at').notNull(),
    /** The queue entries the action closed (JSON array of ids), reopened by its undo. */
    cases: text('cases', { mode: 'json' }).$type<readonly string[]>().notNull(),
    /** A clear that lifted a mark (its undo marks again). */
    unmarked: integer('unmarked', { mode: 'boolean' }).notNull().default(false),
    undoneAt: integer('undone_at'),
    undoneBy: text('undone_by'),
  },
  (t) => [index('mod_log_at').on(t.at), index('mod_log_player').on(t.playerId, t.at)],
);

/**
 * Rating points given back to a marked player's rated opponent (`moderation/refund.ts`), once per
 * mark: `mu` is what was added to their rating, taken back if the mark is cleared.
 */
export const ratingRefunds = sqliteTable(
  'rating_refunds',
  {
    markedId: text('marked_id').notNull(),
    victimId: text('victim_id').notNull(),
    points: integer('points').notNull(),
    mu: real('mu').notNull(),
    at: integer('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.markedId, t.victimId] }), index('rating_refunds_victim').on(t.victimId)],
);
/**
 * What a ranked game's moves say (issue #32, `evidence/runner.ts`): queued when the game ends,
 * weighed on the solver's low-priority threads, stored here. `held`: `held` keeps the result off
 * every board until a moderator clears it (`cleared`, back on the board) or confirms it
 * (`confirmed`, off for good); `no` when the score stayed under the threshold. `signals` is the
 * whole evidence as JSON (the score's positions, timing, undos, the line's analysis).
 */
export const gameEvidence = sqliteTable(
  'game_evidence',
  {
    gameId: text('game_id').primaryKey(),
    playerId: text('player_id').notNull(),
    queuedAt: integer('queued_at').notNull(),
    status: text('status', { enum: ['queued', 'done', 'failed'] }).notNull(),
    version: integer('version'),
    score: real('score'),
    held: text('held', { enum: ['no', 'held', 'cleared', 'confirmed'] }).notNull(),
    signals: text('signals'),
    weighedAt: integer('weighed_at'),
  },
  (t) => [
    index('game_evidence_player').on(t.playerId, t.queuedAt),
    index('game_evidence_queue').on(t.status, t.queuedAt),
  ],
);

/**
 * When the tab of a ranked game in play was hidden or shown again (issue #32), as the page
 * reported it (the Page Visibility API) and timed by the server's clock: the weigher works out
 * the share of the game's time the tab was hidden, which a moderator reads beside the evidence.
 */
export const tabVisibility = sqliteTable(
  'tab_visibility',
  {
    gameId: text('game_id').notNull(),
    at: integer('at').notNull(),
    hidden: integer('hidden', { mode: 'boolean' }).notNull(),
  },
  (t) => [index('tab_visibility_game').on(t.gameId, t.at)],
);

/**
 * Arenas (issue #35, docs/arenas.md): a scheduled one is written when first needed (its id names
 * its slot, so every process writes the same row), a private one when it is made.
 */
export const arenas = sqliteTable(
  'arenas',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['hourly', 'daily', 'weekly', 'private'] }).notNull(),
    name: text('name').notNull(),
    variant: text('variant').$type<VariantId>().notNull(),
    startsAt: integer('starts_at').notNull(),
    endsAt: integer('ends_at').notNull(),
    minutes: integer('minutes').notNull(),
    createdBy: text('created_by'),
    createdAt: integer('created_at').notNull(),
    winnerId: text('winner_id'),
    /** When its final table was stored (the winner with it): once, whichever process ends it. */
    settledAt: integer('settled_at'),
  },
  (t) => [index('arenas_starts').on(t.startsAt), index('arenas_kind_ends').on(t.kind, t.endsAt)],
);

/**
 * Who is in an arena: its players (`player`), and those who watched its boards without playing
 * (`spectator`), who have seen its deals and may not join it.
 */
export const arenaPlayers = sqliteTable(
  'arena_players',
  {
    arenaId: text('arena_id').notNull(),
    playerId: text('player_id').notNull(),
    role: text('role', { enum: ['player', 'spectator'] }).notNull(),
    joinedAt: integer('joined_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.arenaId, t.playerId] }), index('arena_players_player').on(t.playerId, t.joinedAt)],
);

/**
 * An arena's certified deals: which candidate of deal N was proven winnable (the first writer
 * wins, for every process), never the cards; the seed is computed again from the secret.
 */
export const arenaDeals = sqliteTable(
  'arena_deals',
  {
    arenaId: text('arena_id').notNull(),
    deal: integer('deal').notNull(),
    candidate: integer('candidate').notNull(),
    certificate: text('certificate', { mode: 'json' }).$type<Assessment>().notNull(),
    certifiedBy: text('certified_by').notNull(),
  },
  (t) => [primaryKey({ columns: [t.arenaId, t.deal] })],
);

/**
 * Each player's puzzle rating (OpenSkill, as race ratings, but a scale of its own: a puzzle
 * solved is a game won against the puzzle). Written with each rated puzzle's result.
 */
export const puzzlePlayers = sqliteTable('puzzle_players', {
  playerId: text('player_id').primaryKey(),
  mu: real('mu').notNull(),
  sigma: real('sigma').notNull(),
  games: integer('games').notNull(),
});

/**
 * The ratings of the puzzles players have had: a puzzle without a row has its starting rating,
 * worked out from the solver's effort (`puzzles/rating.ts`). The puzzles themselves are the
 * shipped data (`docs/puzzles/data`), read at start.
 */
export const puzzleRatings = sqliteTable('puzzle_ratings', {
  puzzleId: text('puzzle_id').primaryKey(),
  mu: real('mu').notNull(),
  sigma: real('sigma').notNull(),
  games: integer('games').notNull(),
});

/**
 * A player's attempt at a puzzle: one per player and puzzle (a puzzle is rated once for each
 * player), `open` while moves are found (`step` of them), then `solved`, `failed` or `gave-up`.
 */
export const puzzleAttempts = sqliteTable(
  'puzzle_attempts',
  {
    id: text('id').primaryKey(),
    playerId: text('player_id').notNull(),
    puzzleId: text('puzzle_id').notNull(),
    step: integer('step').notNull(),
    status: text('status', { enum: ['open', 'solved', 'failed', 'gave-up'] }).notNull(),
    startedAt: integer('started_at').notNull(),
    endedAt: integer('ended_at'),
  },
  (t) => [
    uniqueIndex('puzzle_attempts_player_puzzle').on(t.playerId, t.puzzleId),
    index('puzzle_attempts_player_status').on(t.playerId, t.status),
  ],
);

/**
 * Puzzle rush runs (issue #36): the run's puzzles, fixed as it starts (`puzzle_ids`, easy to
 * hard), where the player is (`at`, `step`), the score (puzzles solved) and each mistake (the
 * puzzle, the move and what was played). `ends_at` is the clock's end on the server's clock,
 * ten seconds sooner for each mistake. A run never rates anything; a player's best is the
 * highest score of their runs that are over.
 */
export const puzzleRushes = sqliteTable(
  'puzzle_rushes',
  {
    id: text('id').primaryKey(),
    playerId: text('player_id').notNull(),
    puzzleIds: text('puzzle_ids', { mode: 'json' }).$type<readonly string[]>().notNull(),
    at: integer('at').notNull(),
    step: integer('step').notNull(),
    score: integer('score').notNull(),
    mistakes: text('mistakes', { mode: 'json' })
      .$type<readonly { readonly at: number; readonly step: number; readonly move: Move }[]>()
      .notNull(),
    status: text('status', { enum: ['open', 'over'] }).notNull(),
    startedAt: integer('started_at').notNull(),
    endsAt: integer('ends_at').notNull(),
    endedAt: integer('ended_at'),
  },
  (t) => [
    index('puzzle_rushes_player_status').on(t.playerId, t.status),
    index('puzzle_rushes_ended').on(t.status, t.endedAt),
  ],
);

/**
 * Puzzle races (issue #36, after lichess Racer): a race made by `creator_id`, joined by its link
 * (`code`, a room code's shape). `puzzle_ids` (easy to hard, the same for every member),
 * `starts_at` (after a countdown) and `ends_at` (90 s later, on the server's clock) are written
 * once, when the creator starts it; whether it is in the lobby, counting down, running or over is
 * read from them and the clock. `next` is the race "race again" made once this one was over.
 */
export const puzzleRaces = sqliteTable('puzzle_races', {
  code: text('code').primaryKey(),
  creatorId: text('creator_id').notNull(),
  puzzleIds: text('puzzle_ids', { mode: 'json' }).$type<readonly string[]>(),
  createdAt: integer('created_at').notNull(),
  startsAt: integer('starts_at'),
  endsAt: integer('ends_at'),
  next: text('next'),
});

/**
 * A puzzle race's members, at most ten: where each is (`at`, `step`, as in a rush), their score
 * (puzzles solved) and when they reached it on the server's clock (`scored_at`: the ranking's
 * tie-break; null at no score).
 */
export const puzzleRaceMembers = sqliteTable(
  'puzzle_race_members',
  {
    code: text('code').notNull(),
    playerId: text('player_id').notNull(),
    joinedAt: integer('joined_at').notNull(),
    at: integer('at').notNull(),
    step: integer('step').notNull(),
    score: integer('score').notNull(),
    scoredAt: integer('scored_at'),
  },
  (t) => [primaryKey({ columns: [t.code, t.playerId] })],
);
