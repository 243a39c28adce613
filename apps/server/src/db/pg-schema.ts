// Type only: erased when drizzle-kit loads this file.
import type { FinishWindow } from '@scorpion/protocol';
import type { Card, Move, Options, VariantId } from '@scorpion/rules';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  json,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Assessment } from '../deals/certify.ts';
import { pgKit } from './pg-kit.ts';
import {
  nodeBeatsColumns,
  oneTimeKeysColumns,
  passkeysColumns,
  playersColumns,
  sessionsColumns,
  settingsColumns,
} from './tables/accounts.ts';

/*
 * The PostgreSQL twin of `schema.ts` (cluster mode): the same tables, columns and indexes, with
 * PostgreSQL's types. Millisecond timestamps, durations and sort keys pass 2^31, so they are
 * `bigint`, read as JavaScript numbers (every one stays below 2^53). Keep the two in step; each
 * has its own drizzle-kit migrations (`drizzle/` and `drizzle/postgres/`). Decks, options and
 * lines are `json`, not `jsonb`: nothing queries inside them, and `json` keeps the text as written
 * (jsonb would reorder an object's keys).
 */
const ms = (name: string) => bigint(name, { mode: 'number' });

/**
 * Player ids compared byte by byte (`COLLATE "C"`), as SQLite and Redis compare them: boards'
 * ties break on the player id, and their order must not depend on the database's locale, or the
 * two stores would rank differently, and SQL ranks and the Redis copy of the daily board (members
 * of equal score in byte order) would disagree. Ids are base64url: mixed case, `-` and `_`.
 */
const bytewiseText = customType<{ data: string; driverData: string }>({ dataType: () => 'text COLLATE "C"' });

export const settings = pgTable('settings', settingsColumns(pgKit));

export const nodeBeats = pgTable('node_beats', nodeBeatsColumns(pgKit));

export const players = pgTable('players', playersColumns(pgKit), (t) => [
  uniqueIndex('players_nickname_key').on(t.nicknameKey),
  uniqueIndex('players_token_hash').on(t.tokenHash),
]);

export const sessions = pgTable('sessions', sessionsColumns(pgKit), (t) => [
  uniqueIndex('sessions_token_hash').on(t.tokenHash),
  index('sessions_player').on(t.playerId),
]);

export const passkeys = pgTable('passkeys', passkeysColumns(pgKit), (t) => [index('passkeys_player').on(t.playerId)]);

export const oneTimeKeys = pgTable('one_time_keys', oneTimeKeysColumns(pgKit), (t) => [
  index('one_time_keys_expiry').on(t.expiresAt),
]);

export const games = pgTable(
  'games',
  {
    id: text('id').primaryKey(),
    playerId: text('player_id').notNull(),
    kind: text('kind', { enum: ['daily', 'practice', 'race', 'challenge', 'arena'] }).notNull(),
    variant: text('variant').$type<VariantId>().notNull(),
    options: json('options').$type<Options>().notNull(),
    seed: text('seed'),
    playerSeed: boolean('player_seed').notNull(),
    deck: json('deck').$type<readonly Card[]>().notNull(),
    dailyDate: text('daily_date'),
    raceId: text('race_id'),
    ranked: boolean('ranked').notNull(),
    status: text('status', { enum: ['playing', 'won', 'gave-up', 'timed-out'] }).notNull(),
    startedAt: ms('started_at').notNull(),
    pausedMs: ms('paused_ms').notNull().default(0),
    finishedAt: ms('finished_at'),
    timeMs: ms('time_ms'),
    seq: integer('seq').notNull().default(0),
    moves: integer('moves').notNull().default(0),
    undos: integer('undos').notNull().default(0),
    progress: integer('progress').notNull().default(0),
    faceDown: integer('face_down').notNull().default(0),
    /** An arena deal (kind `arena`): its arena, its number there (from 1), and whether it is played berserk. */
    arenaId: text('arena_id'),
    arenaDeal: integer('arena_deal'),
    berserk: boolean('berserk').notNull().default(false),
    /** An arena deal takes no action from then on: its own limit, or the arena's end if sooner. */
    closesAt: ms('closes_at'),
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
    uniqueIndex('games_daily_ranked').on(t.playerId, t.dailyDate).where(sql`kind = 'daily' AND ranked`),
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
export const gameHints = pgTable('game_hints', {
  gameId: text('game_id').primaryKey(),
  hints: integer('hints').notNull(),
  lastAt: ms('last_at').notNull(),
});

export const actions = pgTable(
  'actions',
  {
    gameId: text('game_id').notNull(),
    seq: integer('seq').notNull(),
    action: text('action').notNull(),
    at: ms('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.seq] })],
);

export const dailyDeals = pgTable('daily_deals', {
  date: text('date').primaryKey(),
  day: integer('day').notNull(),
  variant: text('variant').$type<VariantId>().notNull(),
  seed: text('seed').notNull(),
  deck: json('deck').$type<readonly Card[]>().notNull(),
  candidate: integer('candidate').notNull(),
  certifiedBy: text('certified_by').notNull(),
  line: json('line').$type<readonly Move[]>(),
  difficultyStars: integer('difficulty_stars'),
  difficultyScore: doublePrecision('difficulty_score'),
});

export const dailyResults = pgTable(
  'daily_results',
  {
    date: text('date').notNull(),
    playerId: bytewiseText('player_id').notNull(),
    gameId: text('game_id').notNull(),
    won: boolean('won').notNull(),
    timeMs: ms('time_ms').notNull(),
    moves: integer('moves').notNull(),
    progress: integer('progress').notNull(),
    faceDown: integer('face_down').notNull(),
    verified: boolean('verified').notNull(),
    sortKey: ms('sort_key').notNull(),
    finishedAt: ms('finished_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.date, t.playerId] }),
    index('daily_results_board').on(t.date, t.verified, t.sortKey, t.finishedAt, t.playerId),
    index('daily_results_fastest').on(t.timeMs, t.finishedAt, t.playerId, t.date).where(sql`won AND verified`),
  ],
);

/** A ranked daily result kept off the board (see `schema.ts`). */
export const dailyFlagged = pgTable(
  'daily_flagged',
  {
    date: text('date').notNull(),
    playerId: bytewiseText('player_id').notNull(),
    gameId: text('game_id').notNull(),
    won: boolean('won').notNull(),
    timeMs: ms('time_ms').notNull(),
    moves: integer('moves').notNull(),
    progress: integer('progress').notNull(),
    faceDown: integer('face_down').notNull(),
    verified: boolean('verified').notNull(),
    finishedAt: ms('finished_at').notNull(),
    reason: text('reason', { enum: ['address', 'device'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.date, t.playerId] })],
);

/** Who opened which day's deal from where (see `schema.ts`). */
export const dailyOpens = pgTable(
  'daily_opens',
  {
    date: text('date').notNull(),
    playerId: bytewiseText('player_id').notNull(),
    address: text('address').notNull(),
    device: text('device').notNull(),
    at: ms('at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.date, t.playerId, t.address, t.device] }),
    index('daily_opens_address').on(t.date, t.address, t.at),
    index('daily_opens_device').on(t.date, t.device, t.at),
  ],
);

export const dailyCounts = pgTable('daily_counts', {
  date: text('date').primaryKey(),
  played: integer('played').notNull(),
  won: integer('won').notNull(),
});

/**
 * How many verified wins of each day finished within each `TIME_GRAIN_MS` grain, kept by the
 * transaction that stores the result. SQLite catches up from rowids; a sequence's order is not
 * commit order, so here the counts are written where the win is.
 */
export const dailyWinTimes = pgTable(
  'daily_win_times',
  {
    date: text('date').notNull(),
    grainMs: ms('grain_ms').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.date, t.grainMs] })],
);

export const playerStats = pgTable(
  'player_stats',
  {
    playerId: bytewiseText('player_id').primaryKey(),
    dailyPlayed: integer('daily_played').notNull(),
    dailyWins: integer('daily_wins').notNull(),
    currentStreak: integer('current_streak').notNull(),
    bestStreak: integer('best_streak').notNull(),
    lastWinDate: text('last_win_date'),
    bestTimeMs: ms('best_time_ms'),
  },
  (t) => [
    // A tie ends with the best time, the fastest first (then the player id): read backwards, the
    // time's column runs from fast to slow.
    index('player_stats_wins_time').on(t.dailyWins, t.bestTimeMs.desc(), t.playerId),
    index('player_stats_streak_time').on(t.bestStreak, t.dailyWins, t.bestTimeMs.desc(), t.playerId),
  ],
);

export const rooms = pgTable('rooms', {
  code: text('code').primaryKey(),
  hostId: text('host_id').notNull(),
  variant: text('variant').$type<VariantId>().notNull(),
  options: json('options').$type<Options>().notNull(),
  timeLimit: integer('time_limit').$type<0 | 5 | 10 | 15>().notNull(),
  winnableOnly: boolean('winnable_only').notNull(),
  rated: boolean('rated').notNull().default(false),
  bestOf: integer('best_of').$type<1 | 3 | 5>().notNull().default(1),
  /** Seconds the others get to finish once someone has solved it; 0 waits for everyone. */
  finishWindow: integer('finish_window').$type<FinishWindow>().notNull().default(30),
  createdAt: ms('created_at').notNull(),
});

export const roomMembers = pgTable(
  'room_members',
  {
    code: text('code').notNull(),
    playerId: text('player_id').notNull(),
    joinedAt: ms('joined_at').notNull(),
    /**
     * Join order where two joins share a millisecond (SQLite uses its rowid). Two processes'
     * joins in one millisecond are ordered by their sequence numbers, which is as good as any.
     */
    joinOrder: bigint('join_order', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [primaryKey({ columns: [t.code, t.playerId] }), index('room_members_player').on(t.playerId)],
);

export const races = pgTable(
  'races',
  {
    id: text('id').primaryKey(),
    code: text('code').notNull(),
    number: integer('number').notNull(),
    seed: text('seed').notNull(),
    startsAt: ms('starts_at').notNull(),
    pausedMs: ms('paused_ms').notNull().default(0),
    timeLimit: integer('time_limit').notNull(),
    status: text('status', { enum: ['racing', 'finished'] }).notNull(),
    finishedAt: ms('finished_at'),
    rated: boolean('rated').notNull().default(false),
    series: integer('series'),
  },
  (t) => [
    uniqueIndex('races_room_number').on(t.code, t.number),
    index('races_status').on(t.status),
    index('races_series').on(t.code, t.series),
  ],
);

export const raceResults = pgTable(
  'race_results',
  {
    raceId: text('race_id').notNull(),
    playerId: text('player_id').notNull(),
    gameId: text('game_id').notNull(),
    rank: integer('rank').notNull(),
    won: boolean('won').notNull(),
    gaveUp: boolean('gave_up').notNull(),
    timeMs: ms('time_ms').notNull(),
    progress: integer('progress').notNull(),
    faceDown: integer('face_down').notNull(),
    moves: integer('moves').notNull(),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.playerId] }), index('race_results_player').on(t.playerId, t.raceId)],
);

/** Who holds each room (cluster mode): see `OwnershipRepo`. */
export const roomOwners = pgTable('room_owners', {
  code: text('code').primaryKey(),
  nodeId: text('node_id').notNull(),
  epoch: integer('epoch').notNull(),
  /** Server clock when the lease was last taken or renewed. */
  renewedAt: ms('renewed_at').notNull(),
  /** Server clock from which another process may claim the room. */
  leaseUntil: ms('lease_until').notNull(),
});

export const ratings = pgTable(
  'ratings',
  {
    playerId: bytewiseText('player_id').primaryKey(),
    mu: doublePrecision('mu').notNull(),
    sigma: doublePrecision('sigma').notNull(),
    games: integer('games').notNull(),
    established: boolean('established').notNull(),
    updatedAt: ms('updated_at').notNull(),
  },
  (t) => [index('ratings_board').on(t.established, t.mu, t.playerId)],
);

export const ratingHistory = pgTable(
  'rating_history',
  {
    raceId: text('race_id').notNull(),
    playerId: text('player_id').notNull(),
    rank: integer('rank').notNull(),
    muBefore: doublePrecision('mu_before').notNull(),
    mu: doublePrecision('mu').notNull(),
    sigma: doublePrecision('sigma').notNull(),
    games: integer('games').notNull(),
    at: ms('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.playerId] }), index('rating_history_player').on(t.playerId, t.at)],
);

/** "Beat my time" links: see `schema.ts`. */
export const challenges = pgTable(
  'challenges',
  {
    code: text('code').primaryKey(),
    sourceGameId: text('source_game_id').notNull(),
    playerId: text('player_id').notNull(),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [uniqueIndex('challenges_source').on(t.sourceGameId)],
);

/** The games played against a challenge's ghost: see `schema.ts`. */
export const challengeGames = pgTable(
  'challenge_games',
  {
    gameId: text('game_id').primaryKey(),
    code: text('code').notNull(),
    playerId: text('player_id').notNull(),
  },
  (t) => [index('challenge_games_player').on(t.playerId, t.code)],
);

/** Moderators: see `schema.ts`. */
export const moderators = pgTable('moderators', {
  playerId: text('player_id').primaryKey(),
  grantedAt: ms('granted_at').notNull(),
});

/** The moderators' queue: see `schema.ts`. */
export const modCases = pgTable(
  'mod_cases',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['report', 'held', 'appeal'] }).notNull(),
    playerId: text('player_id').notNull(),
    reporterId: text('reporter_id'),
    reason: text('reason'),
    note: text('note'),
    source: text('source'),
    gameId: text('game_id'),
    raceId: text('race_id'),
    summary: text('summary'),
    createdAt: ms('created_at').notNull(),
    status: text('status', { enum: ['open', 'actioned', 'cleared', 'dismissed'] }).notNull(),
    closedAt: ms('closed_at'),
    reporterTold: boolean('reporter_told').notNull().default(false),
  },
  (t) => [
    index('mod_cases_open').on(t.status, t.createdAt),
    index('mod_cases_player').on(t.playerId, t.status),
    index('mod_cases_reporter').on(t.reporterId, t.status),
    uniqueIndex('mod_cases_one_open_report')
      .on(t.reporterId, t.playerId)
      .where(sql`kind = 'report' AND status = 'open'`),
    uniqueIndex('mod_cases_held_game').on(t.gameId).where(sql`kind = 'held'`),
  ],
);

/** Marked players: see `schema.ts`. */
export const marks = pgTable('marks', {
  playerId: text('player_id').primaryKey(),
  markedAt: ms('marked_at').notNull(),
  logId: text('log_id').notNull(),
  appealedAt: ms('appealed_at'),
});

/** The moderation log: see `schema.ts`. */
export const modLog = pgTable(
  'mod_log',
  {
    id: text('id').primaryKey(),
    moderatorId: text('moderator_id').notNull(),
    action: text('action', { enum: ['mark', 'clear', 'dismiss'] }).notNull(),
    playerId: text('player_id').notNull(),
    reason: text('reason').notNull(),
    at: ms('at').notNull(),
    cases: json('cases').$type<readonly string[]>().notNull(),
    unmarked: boolean('unmarked').notNull().default(false),
    undoneAt: ms('undone_at'),
    undoneBy: text('undone_by'),
  },
  (t) => [index('mod_log_at').on(t.at), index('mod_log_player').on(t.playerId, t.at)],
);

/** Rating refunds: see `schema.ts`. */
export const ratingRefunds = pgTable(
  'rating_refunds',
  {
    markedId: text('marked_id').notNull(),
    victimId: text('victim_id').notNull(),
    points: integer('points').notNull(),
    mu: doublePrecision('mu').notNull(),
    at: ms('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.markedId, t.victimId] }), index('rating_refunds_victim').on(t.victimId)],
);
/** What a ranked game's moves say (see `schema.ts`). */
export const gameEvidence = pgTable(
  'game_evidence',
  {
    gameId: text('game_id').primaryKey(),
    playerId: bytewiseText('player_id').notNull(),
    queuedAt: ms('queued_at').notNull(),
    status: text('status', { enum: ['queued', 'done', 'failed'] }).notNull(),
    version: integer('version'),
    score: doublePrecision('score'),
    held: text('held', { enum: ['no', 'held', 'cleared', 'confirmed'] }).notNull(),
    signals: text('signals'),
    weighedAt: ms('weighed_at'),
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
export const tabVisibility = pgTable(
  'tab_visibility',
  {
    gameId: text('game_id').notNull(),
    at: ms('at').notNull(),
    hidden: boolean('hidden').notNull(),
  },
  (t) => [index('tab_visibility_game').on(t.gameId, t.at)],
);

/**
 * Arenas (issue #35, docs/arenas.md): a scheduled one is written when first needed (its id names
 * its slot, so every process writes the same row), a private one when it is made.
 */
export const arenas = pgTable(
  'arenas',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['hourly', 'daily', 'weekly', 'private'] }).notNull(),
    name: text('name').notNull(),
    variant: text('variant').$type<VariantId>().notNull(),
    startsAt: ms('starts_at').notNull(),
    endsAt: ms('ends_at').notNull(),
    minutes: integer('minutes').notNull(),
    createdBy: text('created_by'),
    createdAt: ms('created_at').notNull(),
    winnerId: text('winner_id'),
    /** When its final table was stored (the winner with it): once, whichever process ends it. */
    settledAt: ms('settled_at'),
  },
  (t) => [index('arenas_starts').on(t.startsAt), index('arenas_kind_ends').on(t.kind, t.endsAt)],
);

/**
 * Who is in an arena: its players (`player`), and those who watched its boards without playing
 * (`spectator`), who have seen its deals and may not join it.
 */
export const arenaPlayers = pgTable(
  'arena_players',
  {
    arenaId: text('arena_id').notNull(),
    playerId: text('player_id').notNull(),
    role: text('role', { enum: ['player', 'spectator'] }).notNull(),
    joinedAt: ms('joined_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.arenaId, t.playerId] }), index('arena_players_player').on(t.playerId, t.joinedAt)],
);

/**
 * An arena's certified deals: which candidate of deal N was proven winnable (the first writer
 * wins, for every process), never the cards; the seed is computed again from the secret.
 */
export const arenaDeals = pgTable(
  'arena_deals',
  {
    arenaId: text('arena_id').notNull(),
    deal: integer('deal').notNull(),
    candidate: integer('candidate').notNull(),
    certificate: json('certificate').$type<Assessment>().notNull(),
    certifiedBy: text('certified_by').notNull(),
  },
  (t) => [primaryKey({ columns: [t.arenaId, t.deal] })],
);

export const puzzlePlayers = pgTable('puzzle_players', {
  playerId: bytewiseText('player_id').primaryKey(),
  mu: doublePrecision('mu').notNull(),
  sigma: doublePrecision('sigma').notNull(),
  games: integer('games').notNull(),
});

export const puzzleRatings = pgTable('puzzle_ratings', {
  puzzleId: text('puzzle_id').primaryKey(),
  mu: doublePrecision('mu').notNull(),
  sigma: doublePrecision('sigma').notNull(),
  games: integer('games').notNull(),
});

export const puzzleAttempts = pgTable(
  'puzzle_attempts',
  {
    id: text('id').primaryKey(),
    playerId: bytewiseText('player_id').notNull(),
    puzzleId: text('puzzle_id').notNull(),
    step: integer('step').notNull(),
    status: text('status', { enum: ['open', 'solved', 'failed', 'gave-up'] }).notNull(),
    startedAt: ms('started_at').notNull(),
    endedAt: ms('ended_at'),
  },
  (t) => [
    uniqueIndex('puzzle_attempts_player_puzzle').on(t.playerId, t.puzzleId),
    index('puzzle_attempts_player_status').on(t.playerId, t.status),
  ],
);

export const puzzleRushes = pgTable(
  'puzzle_rushes',
  {
    id: text('id').primaryKey(),
    playerId: bytewiseText('player_id').notNull(),
    puzzleIds: json('puzzle_ids').$type<readonly string[]>().notNull(),
    at: integer('at').notNull(),
    step: integer('step').notNull(),
    score: integer('score').notNull(),
    mistakes: json('mistakes')
      .$type<readonly { readonly at: number; readonly step: number; readonly move: Move }[]>()
      .notNull(),
    status: text('status', { enum: ['open', 'over'] }).notNull(),
    startedAt: ms('started_at').notNull(),
    endsAt: ms('ends_at').notNull(),
    endedAt: ms('ended_at'),
  },
  (t) => [
    index('puzzle_rushes_player_status').on(t.playerId, t.status),
    index('puzzle_rushes_ended').on(t.status, t.endedAt),
  ],
);

export const puzzleRaces = pgTable('puzzle_races', {
  code: text('code').primaryKey(),
  creatorId: bytewiseText('creator_id').notNull(),
  puzzleIds: json('puzzle_ids').$type<readonly string[]>(),
  createdAt: ms('created_at').notNull(),
  startsAt: ms('starts_at'),
  endsAt: ms('ends_at'),
  next: text('next'),
});

export const puzzleRaceMembers = pgTable(
  'puzzle_race_members',
  {
    code: text('code').notNull(),
    playerId: bytewiseText('player_id').notNull(),
    joinedAt: ms('joined_at').notNull(),
    at: integer('at').notNull(),
    step: integer('step').notNull(),
    score: integer('score').notNull(),
    scoredAt: ms('scored_at'),
  },
  (t) => [primaryKey({ columns: [t.code, t.playerId] })],
);
