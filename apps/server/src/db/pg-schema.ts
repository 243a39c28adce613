import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, uniqueIndex } from 'drizzle-orm/pg-core';
import { pgKit } from './pg-kit.ts';
import {
  nodeBeatsColumns,
  oneTimeKeysColumns,
  passkeysColumns,
  playersColumns,
  sessionsColumns,
  settingsColumns,
} from './tables/accounts.ts';
import { arenaDealsColumns, arenaPlayersColumns, arenasColumns } from './tables/arenas.ts';
import {
  dailyCountsColumns,
  dailyDealsColumns,
  dailyFlaggedColumns,
  dailyOpensColumns,
  dailyResultsColumns,
  playerStatsColumns,
} from './tables/daily.ts';
import { actionsColumns, gameHintsColumns, gamesColumns } from './tables/games.ts';
import {
  challengeGamesColumns,
  challengesColumns,
  gameEvidenceColumns,
  marksColumns,
  modCasesColumns,
  moderatorsColumns,
  modLogColumns,
  ratingRefundsColumns,
  tabVisibilityColumns,
} from './tables/moderation.ts';
import {
  puzzleAttemptsColumns,
  puzzlePlayersColumns,
  puzzleRaceMembersColumns,
  puzzleRacesColumns,
  puzzleRatingsColumns,
  puzzleRushesColumns,
} from './tables/puzzles.ts';
import {
  raceResultsColumns,
  racesColumns,
  ratingHistoryColumns,
  ratingsColumns,
  roomMembersColumns,
  roomOwnersColumns,
  roomsColumns,
} from './tables/rooms.ts';

/*
 * The PostgreSQL twin of `schema.ts` (cluster mode): the same tables, columns and indexes, their
 * columns written once in `tables/` and built here with PostgreSQL's types (`pg-kit.ts`); here
 * only what PostgreSQL has alone (a join order, the win-time counts) and the indexes. Each schema
 * has its own drizzle-kit migrations (`drizzle/` and `drizzle/postgres/`).
 */

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

export const games = pgTable('games', gamesColumns(pgKit), (t) => [
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
]);

export const gameHints = pgTable('game_hints', gameHintsColumns(pgKit));

export const actions = pgTable('actions', actionsColumns(pgKit), (t) => [primaryKey({ columns: [t.gameId, t.seq] })]);

export const dailyDeals = pgTable('daily_deals', dailyDealsColumns(pgKit));

export const dailyResults = pgTable('daily_results', dailyResultsColumns(pgKit), (t) => [
  primaryKey({ columns: [t.date, t.playerId] }),
  index('daily_results_board').on(t.date, t.verified, t.sortKey, t.finishedAt, t.playerId),
  index('daily_results_fastest').on(t.timeMs, t.finishedAt, t.playerId, t.date).where(sql`won AND verified`),
]);

export const dailyFlagged = pgTable('daily_flagged', dailyFlaggedColumns(pgKit), (t) => [
  primaryKey({ columns: [t.date, t.playerId] }),
]);

export const dailyOpens = pgTable('daily_opens', dailyOpensColumns(pgKit), (t) => [
  primaryKey({ columns: [t.date, t.playerId, t.address, t.device] }),
  index('daily_opens_address').on(t.date, t.address, t.at),
  index('daily_opens_device').on(t.date, t.device, t.at),
]);

export const dailyCounts = pgTable('daily_counts', dailyCountsColumns(pgKit));

/**
 * How many verified wins of each day finished within each `TIME_GRAIN_MS` grain, kept by the
 * transaction that stores the result. SQLite catches up from rowids; a sequence's order is not
 * commit order, so here the counts are written where the win is.
 */
export const dailyWinTimes = pgTable(
  'daily_win_times',
  {
    date: pgKit.text('date').notNull(),
    grainMs: pgKit.ms('grain_ms').notNull(),
    count: pgKit.int('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.date, t.grainMs] })],
);

export const playerStats = pgTable('player_stats', playerStatsColumns(pgKit), (t) => [
  // A tie ends with the best time, the fastest first (then the player id): read backwards, the
  // time's column runs from fast to slow.
  index('player_stats_wins_time').on(t.dailyWins, t.bestTimeMs.desc(), t.playerId),
  index('player_stats_streak_time').on(t.bestStreak, t.dailyWins, t.bestTimeMs.desc(), t.playerId),
]);

export const rooms = pgTable('rooms', roomsColumns(pgKit));

export const roomMembers = pgTable(
  'room_members',
  {
    ...roomMembersColumns(pgKit),
    /**
     * Join order where two joins share a millisecond (SQLite uses its rowid). Two processes'
     * joins in one millisecond are ordered by their sequence numbers, which is as good as any.
     */
    joinOrder: bigint('join_order', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [primaryKey({ columns: [t.code, t.playerId] }), index('room_members_player').on(t.playerId)],
);

export const races = pgTable('races', racesColumns(pgKit), (t) => [
  uniqueIndex('races_room_number').on(t.code, t.number),
  index('races_status').on(t.status),
  index('races_series').on(t.code, t.series),
]);

export const raceResults = pgTable('race_results', raceResultsColumns(pgKit), (t) => [
  primaryKey({ columns: [t.raceId, t.playerId] }),
  index('race_results_player').on(t.playerId, t.raceId),
]);

export const roomOwners = pgTable('room_owners', roomOwnersColumns(pgKit));

export const ratings = pgTable('ratings', ratingsColumns(pgKit), (t) => [
  index('ratings_board').on(t.established, t.mu, t.playerId),
]);

export const ratingHistory = pgTable('rating_history', ratingHistoryColumns(pgKit), (t) => [
  primaryKey({ columns: [t.raceId, t.playerId] }),
  index('rating_history_player').on(t.playerId, t.at),
]);

export const challenges = pgTable('challenges', challengesColumns(pgKit), (t) => [
  uniqueIndex('challenges_source').on(t.sourceGameId),
]);

export const challengeGames = pgTable('challenge_games', challengeGamesColumns(pgKit), (t) => [
  index('challenge_games_player').on(t.playerId, t.code),
]);

export const moderators = pgTable('moderators', moderatorsColumns(pgKit));

export const modCases = pgTable('mod_cases', modCasesColumns(pgKit), (t) => [
  index('mod_cases_open').on(t.status, t.createdAt),
  index('mod_cases_player').on(t.playerId, t.status),
  index('mod_cases_reporter').on(t.reporterId, t.status),
  uniqueIndex('mod_cases_one_open_report').on(t.reporterId, t.playerId).where(sql`kind = 'report' AND status = 'open'`),
  uniqueIndex('mod_cases_held_game').on(t.gameId).where(sql`kind = 'held'`),
]);

export const marks = pgTable('marks', marksColumns(pgKit));

export const modLog = pgTable('mod_log', modLogColumns(pgKit), (t) => [
  index('mod_log_at').on(t.at),
  index('mod_log_player').on(t.playerId, t.at),
]);

export const ratingRefunds = pgTable('rating_refunds', ratingRefundsColumns(pgKit), (t) => [
  primaryKey({ columns: [t.markedId, t.victimId] }),
  index('rating_refunds_victim').on(t.victimId),
]);
export const gameEvidence = pgTable('game_evidence', gameEvidenceColumns(pgKit), (t) => [
  index('game_evidence_player').on(t.playerId, t.queuedAt),
  index('game_evidence_queue').on(t.status, t.queuedAt),
]);

export const tabVisibility = pgTable('tab_visibility', tabVisibilityColumns(pgKit), (t) => [
  index('tab_visibility_game').on(t.gameId, t.at),
]);

export const arenas = pgTable('arenas', arenasColumns(pgKit), (t) => [
  index('arenas_starts').on(t.startsAt),
  index('arenas_kind_ends').on(t.kind, t.endsAt),
]);

export const arenaPlayers = pgTable('arena_players', arenaPlayersColumns(pgKit), (t) => [
  primaryKey({ columns: [t.arenaId, t.playerId] }),
  index('arena_players_player').on(t.playerId, t.joinedAt),
]);

export const arenaDeals = pgTable('arena_deals', arenaDealsColumns(pgKit), (t) => [
  primaryKey({ columns: [t.arenaId, t.deal] }),
]);

export const puzzlePlayers = pgTable('puzzle_players', puzzlePlayersColumns(pgKit));

export const puzzleRatings = pgTable('puzzle_ratings', puzzleRatingsColumns(pgKit));

export const puzzleAttempts = pgTable('puzzle_attempts', puzzleAttemptsColumns(pgKit), (t) => [
  uniqueIndex('puzzle_attempts_player_puzzle').on(t.playerId, t.puzzleId),
  index('puzzle_attempts_player_status').on(t.playerId, t.status),
]);

export const puzzleRushes = pgTable('puzzle_rushes', puzzleRushesColumns(pgKit), (t) => [
  index('puzzle_rushes_player_status').on(t.playerId, t.status),
  index('puzzle_rushes_ended').on(t.status, t.endedAt),
]);

export const puzzleRaces = pgTable('puzzle_races', puzzleRacesColumns(pgKit));

export const puzzleRaceMembers = pgTable('puzzle_race_members', puzzleRaceMembersColumns(pgKit), (t) => [
  primaryKey({ columns: [t.code, t.playerId] }),
]);
