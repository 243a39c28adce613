import { sqliteTable } from 'drizzle-orm/sqlite-core';
import { sqliteIndexKit, sqliteKit } from './sqlite-kit.ts';
import * as accountTables from './tables/accounts.ts';
import * as arenaTables from './tables/arenas.ts';
import * as dailyTables from './tables/daily.ts';
import * as gameTables from './tables/games.ts';
import * as moderationTables from './tables/moderation.ts';
import * as puzzleTables from './tables/puzzles.ts';
import * as roomTables from './tables/rooms.ts';

/*
 * The SQLite schema (embedded mode). Each table's columns and indexes are written once in
 * `tables/` and built here with SQLite's builders (`sqlite-kit.ts`), as `pg-schema.ts` builds
 * them with PostgreSQL's.
 */

export const settings = sqliteTable('settings', accountTables.settingsColumns(sqliteKit));

export const nodeBeats = sqliteTable('node_beats', accountTables.nodeBeatsColumns(sqliteKit));

export const players = sqliteTable(
  'players',
  accountTables.playersColumns(sqliteKit),
  accountTables.playersIndexes(sqliteIndexKit),
);

export const sessions = sqliteTable(
  'sessions',
  accountTables.sessionsColumns(sqliteKit),
  accountTables.sessionsIndexes(sqliteIndexKit),
);

export const passkeys = sqliteTable(
  'passkeys',
  accountTables.passkeysColumns(sqliteKit),
  accountTables.passkeysIndexes(sqliteIndexKit),
);

export const oneTimeKeys = sqliteTable(
  'one_time_keys',
  accountTables.oneTimeKeysColumns(sqliteKit),
  accountTables.oneTimeKeysIndexes(sqliteIndexKit),
);

export const games = sqliteTable('games', gameTables.gamesColumns(sqliteKit), gameTables.gamesIndexes(sqliteIndexKit));

export const gameHints = sqliteTable('game_hints', gameTables.gameHintsColumns(sqliteKit));

export const actions = sqliteTable(
  'actions',
  gameTables.actionsColumns(sqliteKit),
  gameTables.actionsIndexes(sqliteIndexKit),
);

export const dailyDeals = sqliteTable('daily_deals', dailyTables.dailyDealsColumns(sqliteKit));

export const dailyResults = sqliteTable(
  'daily_results',
  dailyTables.dailyResultsColumns(sqliteKit),
  dailyTables.dailyResultsIndexes(sqliteIndexKit),
);

export const dailyFlagged = sqliteTable(
  'daily_flagged',
  dailyTables.dailyFlaggedColumns(sqliteKit),
  dailyTables.dailyFlaggedIndexes(sqliteIndexKit),
);

export const dailyOpens = sqliteTable(
  'daily_opens',
  dailyTables.dailyOpensColumns(sqliteKit),
  dailyTables.dailyOpensIndexes(sqliteIndexKit),
);

export const dailyCounts = sqliteTable('daily_counts', dailyTables.dailyCountsColumns(sqliteKit));

export const playerStats = sqliteTable(
  'player_stats',
  dailyTables.playerStatsColumns(sqliteKit),
  dailyTables.playerStatsIndexes(sqliteIndexKit),
);

export const rooms = sqliteTable('rooms', roomTables.roomsColumns(sqliteKit));

export const roomMembers = sqliteTable(
  'room_members',
  roomTables.roomMembersColumns(sqliteKit),
  roomTables.roomMembersIndexes(sqliteIndexKit),
);

export const races = sqliteTable('races', roomTables.racesColumns(sqliteKit), roomTables.racesIndexes(sqliteIndexKit));

export const roomOwners = sqliteTable('room_owners', roomTables.roomOwnersColumns(sqliteKit));

export const raceResults = sqliteTable(
  'race_results',
  roomTables.raceResultsColumns(sqliteKit),
  roomTables.raceResultsIndexes(sqliteIndexKit),
);

export const ratings = sqliteTable(
  'ratings',
  roomTables.ratingsColumns(sqliteKit),
  roomTables.ratingsIndexes(sqliteIndexKit),
);

export const ratingHistory = sqliteTable(
  'rating_history',
  roomTables.ratingHistoryColumns(sqliteKit),
  roomTables.ratingHistoryIndexes(sqliteIndexKit),
);

export const challenges = sqliteTable(
  'challenges',
  moderationTables.challengesColumns(sqliteKit),
  moderationTables.challengesIndexes(sqliteIndexKit),
);

export const challengeGames = sqliteTable(
  'challenge_games',
  moderationTables.challengeGamesColumns(sqliteKit),
  moderationTables.challengeGamesIndexes(sqliteIndexKit),
);

export const moderators = sqliteTable('moderators', moderationTables.moderatorsColumns(sqliteKit));

export const modCases = sqliteTable(
  'mod_cases',
  moderationTables.modCasesColumns(sqliteKit),
  moderationTables.modCasesIndexes(sqliteIndexKit),
);

export const marks = sqliteTable('marks', moderationTables.marksColumns(sqliteKit));

export const modLog = sqliteTable(
  'mod_log',
  moderationTables.modLogColumns(sqliteKit),
  moderationTables.modLogIndexes(sqliteIndexKit),
);

export const ratingRefunds = sqliteTable(
  'rating_refunds',
  moderationTables.ratingRefundsColumns(sqliteKit),
  moderationTables.ratingRefundsIndexes(sqliteIndexKit),
);
export const gameEvidence = sqliteTable(
  'game_evidence',
  moderationTables.gameEvidenceColumns(sqliteKit),
  moderationTables.gameEvidenceIndexes(sqliteIndexKit),
);

export const tabVisibility = sqliteTable(
  'tab_visibility',
  moderationTables.tabVisibilityColumns(sqliteKit),
  moderationTables.tabVisibilityIndexes(sqliteIndexKit),
);

export const arenas = sqliteTable(
  'arenas',
  arenaTables.arenasColumns(sqliteKit),
  arenaTables.arenasIndexes(sqliteIndexKit),
);

export const arenaPlayers = sqliteTable(
  'arena_players',
  arenaTables.arenaPlayersColumns(sqliteKit),
  arenaTables.arenaPlayersIndexes(sqliteIndexKit),
);

export const arenaDeals = sqliteTable(
  'arena_deals',
  arenaTables.arenaDealsColumns(sqliteKit),
  arenaTables.arenaDealsIndexes(sqliteIndexKit),
);

export const puzzlePlayers = sqliteTable('puzzle_players', puzzleTables.puzzlePlayersColumns(sqliteKit));

export const puzzleRatings = sqliteTable('puzzle_ratings', puzzleTables.puzzleRatingsColumns(sqliteKit));

export const puzzleAttempts = sqliteTable(
  'puzzle_attempts',
  puzzleTables.puzzleAttemptsColumns(sqliteKit),
  puzzleTables.puzzleAttemptsIndexes(sqliteIndexKit),
);

export const puzzleRushes = sqliteTable(
  'puzzle_rushes',
  puzzleTables.puzzleRushesColumns(sqliteKit),
  puzzleTables.puzzleRushesIndexes(sqliteIndexKit),
);

export const puzzleRaces = sqliteTable('puzzle_races', puzzleTables.puzzleRacesColumns(sqliteKit));

export const puzzleRaceMembers = sqliteTable(
  'puzzle_race_members',
  puzzleTables.puzzleRaceMembersColumns(sqliteKit),
  puzzleTables.puzzleRaceMembersIndexes(sqliteIndexKit),
);
