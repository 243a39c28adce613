import { sql } from 'drizzle-orm';
import { index, primaryKey, sqliteTable, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { sqliteKit } from './sqlite-kit.ts';
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
 * The SQLite schema (embedded mode). Each table's columns are written once in `tables/` and built
 * here with SQLite's types (`sqlite-kit.ts`), as `pg-schema.ts` builds them with PostgreSQL's;
 * the indexes are each schema's own (partial indexes' SQL differs).
 */

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

export const games = sqliteTable('games', gamesColumns(sqliteKit), (t) => [
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
]);

export const gameHints = sqliteTable('game_hints', gameHintsColumns(sqliteKit));

export const actions = sqliteTable('actions', actionsColumns(sqliteKit), (t) => [
  primaryKey({ columns: [t.gameId, t.seq] }),
]);

export const dailyDeals = sqliteTable('daily_deals', dailyDealsColumns(sqliteKit));

export const dailyResults = sqliteTable('daily_results', dailyResultsColumns(sqliteKit), (t) => [
  primaryKey({ columns: [t.date, t.playerId] }),
  index('daily_results_board').on(t.date, t.verified, t.sortKey, t.finishedAt, t.playerId),
  index('daily_results_fastest').on(t.timeMs, t.finishedAt, t.playerId, t.date).where(sql`won = 1 AND verified = 1`),
]);

export const dailyFlagged = sqliteTable('daily_flagged', dailyFlaggedColumns(sqliteKit), (t) => [
  primaryKey({ columns: [t.date, t.playerId] }),
]);

export const dailyOpens = sqliteTable('daily_opens', dailyOpensColumns(sqliteKit), (t) => [
  primaryKey({ columns: [t.date, t.playerId, t.address, t.device] }),
  index('daily_opens_address').on(t.date, t.address, t.at),
  index('daily_opens_device').on(t.date, t.device, t.at),
]);

export const dailyCounts = sqliteTable('daily_counts', dailyCountsColumns(sqliteKit));

export const playerStats = sqliteTable('player_stats', playerStatsColumns(sqliteKit), (t) => [
  // Each board's whole order, player id included (read backwards): a deep page steps over
  // index entries only.
  // A tie ends with the best time, the fastest first (then the player id): read backwards, the
  // time's column runs from fast to slow.
  index('player_stats_wins_time').on(t.dailyWins, sql`${t.bestTimeMs} desc`, t.playerId),
  index('player_stats_streak_time').on(t.bestStreak, t.dailyWins, sql`${t.bestTimeMs} desc`, t.playerId),
]);

export const rooms = sqliteTable('rooms', roomsColumns(sqliteKit));

export const roomMembers = sqliteTable('room_members', roomMembersColumns(sqliteKit), (t) => [
  primaryKey({ columns: [t.code, t.playerId] }),
  index('room_members_player').on(t.playerId),
]);

export const races = sqliteTable('races', racesColumns(sqliteKit), (t) => [
  uniqueIndex('races_room_number').on(t.code, t.number),
  index('races_status').on(t.status),
  index('races_series').on(t.code, t.series),
]);

export const roomOwners = sqliteTable('room_owners', roomOwnersColumns(sqliteKit));

export const raceResults = sqliteTable('race_results', raceResultsColumns(sqliteKit), (t) => [
  primaryKey({ columns: [t.raceId, t.playerId] }),
  index('race_results_player').on(t.playerId, t.raceId),
]);

export const ratings = sqliteTable('ratings', ratingsColumns(sqliteKit), (t) => [
  index('ratings_board').on(t.established, t.mu, t.playerId),
]);

export const ratingHistory = sqliteTable('rating_history', ratingHistoryColumns(sqliteKit), (t) => [
  primaryKey({ columns: [t.raceId, t.playerId] }),
  index('rating_history_player').on(t.playerId, t.at),
]);

export const challenges = sqliteTable('challenges', challengesColumns(sqliteKit), (t) => [
  uniqueIndex('challenges_source').on(t.sourceGameId),
]);

export const challengeGames = sqliteTable('challenge_games', challengeGamesColumns(sqliteKit), (t) => [
  index('challenge_games_player').on(t.playerId, t.code),
]);

export const moderators = sqliteTable('moderators', moderatorsColumns(sqliteKit));

export const modCases = sqliteTable('mod_cases', modCasesColumns(sqliteKit), (t) => [
  index('mod_cases_open').on(t.status, t.createdAt),
  index('mod_cases_player').on(t.playerId, t.status),
  index('mod_cases_reporter').on(t.reporterId, t.status),
  // One open report per reporter and player; one queue entry per held game.
  uniqueIndex('mod_cases_one_open_report').on(t.reporterId, t.playerId).where(sql`kind = 'report' AND status = 'open'`),
  uniqueIndex('mod_cases_held_game').on(t.gameId).where(sql`kind = 'held'`),
]);

export const marks = sqliteTable('marks', marksColumns(sqliteKit));

export const modLog = sqliteTable('mod_log', modLogColumns(sqliteKit), (t) => [
  index('mod_log_at').on(t.at),
  index('mod_log_player').on(t.playerId, t.at),
]);

export const ratingRefunds = sqliteTable('rating_refunds', ratingRefundsColumns(sqliteKit), (t) => [
  primaryKey({ columns: [t.markedId, t.victimId] }),
  index('rating_refunds_victim').on(t.victimId),
]);
export const gameEvidence = sqliteTable('game_evidence', gameEvidenceColumns(sqliteKit), (t) => [
  index('game_evidence_player').on(t.playerId, t.queuedAt),
  index('game_evidence_queue').on(t.status, t.queuedAt),
]);

export const tabVisibility = sqliteTable('tab_visibility', tabVisibilityColumns(sqliteKit), (t) => [
  index('tab_visibility_game').on(t.gameId, t.at),
]);

export const arenas = sqliteTable('arenas', arenasColumns(sqliteKit), (t) => [
  index('arenas_starts').on(t.startsAt),
  index('arenas_kind_ends').on(t.kind, t.endsAt),
]);

export const arenaPlayers = sqliteTable('arena_players', arenaPlayersColumns(sqliteKit), (t) => [
  primaryKey({ columns: [t.arenaId, t.playerId] }),
  index('arena_players_player').on(t.playerId, t.joinedAt),
]);

export const arenaDeals = sqliteTable('arena_deals', arenaDealsColumns(sqliteKit), (t) => [
  primaryKey({ columns: [t.arenaId, t.deal] }),
]);

export const puzzlePlayers = sqliteTable('puzzle_players', puzzlePlayersColumns(sqliteKit));

export const puzzleRatings = sqliteTable('puzzle_ratings', puzzleRatingsColumns(sqliteKit));

export const puzzleAttempts = sqliteTable('puzzle_attempts', puzzleAttemptsColumns(sqliteKit), (t) => [
  uniqueIndex('puzzle_attempts_player_puzzle').on(t.playerId, t.puzzleId),
  index('puzzle_attempts_player_status').on(t.playerId, t.status),
]);

export const puzzleRushes = sqliteTable('puzzle_rushes', puzzleRushesColumns(sqliteKit), (t) => [
  index('puzzle_rushes_player_status').on(t.playerId, t.status),
  index('puzzle_rushes_ended').on(t.status, t.endedAt),
]);

export const puzzleRaces = sqliteTable('puzzle_races', puzzleRacesColumns(sqliteKit));

export const puzzleRaceMembers = sqliteTable('puzzle_race_members', puzzleRaceMembersColumns(sqliteKit), (t) => [
  primaryKey({ columns: [t.code, t.playerId] }),
]);
