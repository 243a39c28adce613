import { sqliteTable } from 'drizzle-orm/sqlite-core';
import { sqliteIndexKit, sqliteKit } from './sqlite-kit.ts';
import {
  nodeBeatsColumns,
  oneTimeKeysColumns,
  oneTimeKeysIndexes,
  passkeysColumns,
  passkeysIndexes,
  playersColumns,
  playersIndexes,
  sessionsColumns,
  sessionsIndexes,
  settingsColumns,
} from './tables/accounts.ts';
import {
  arenaDealsColumns,
  arenaDealsIndexes,
  arenaPlayersColumns,
  arenaPlayersIndexes,
  arenasColumns,
  arenasIndexes,
} from './tables/arenas.ts';
import {
  dailyCountsColumns,
  dailyDealsColumns,
  dailyFlaggedColumns,
  dailyFlaggedIndexes,
  dailyOpensColumns,
  dailyOpensIndexes,
  dailyResultsColumns,
  dailyResultsIndexes,
  playerStatsColumns,
  playerStatsIndexes,
} from './tables/daily.ts';
import { actionsColumns, actionsIndexes, gameHintsColumns, gamesColumns, gamesIndexes } from './tables/games.ts';
import {
  challengeGamesColumns,
  challengeGamesIndexes,
  challengesColumns,
  challengesIndexes,
  gameEvidenceColumns,
  gameEvidenceIndexes,
  marksColumns,
  modCasesColumns,
  modCasesIndexes,
  moderatorsColumns,
  modLogColumns,
  modLogIndexes,
  ratingRefundsColumns,
  ratingRefundsIndexes,
  tabVisibilityColumns,
  tabVisibilityIndexes,
} from './tables/moderation.ts';
import {
  puzzleAttemptsColumns,
  puzzleAttemptsIndexes,
  puzzlePlayersColumns,
  puzzleRaceMembersColumns,
  puzzleRaceMembersIndexes,
  puzzleRacesColumns,
  puzzleRatingsColumns,
  puzzleRushesColumns,
  puzzleRushesIndexes,
} from './tables/puzzles.ts';
import {
  raceResultsColumns,
  raceResultsIndexes,
  racesColumns,
  racesIndexes,
  ratingHistoryColumns,
  ratingHistoryIndexes,
  ratingsColumns,
  ratingsIndexes,
  roomMembersColumns,
  roomMembersIndexes,
  roomOwnersColumns,
  roomsColumns,
} from './tables/rooms.ts';

/*
 * The SQLite schema (embedded mode). Each table's columns and indexes are written once in
 * `tables/` and built here with SQLite's builders (`sqlite-kit.ts`), as `pg-schema.ts` builds
 * them with PostgreSQL's.
 */

export const settings = sqliteTable('settings', settingsColumns(sqliteKit));

export const nodeBeats = sqliteTable('node_beats', nodeBeatsColumns(sqliteKit));

export const players = sqliteTable('players', playersColumns(sqliteKit), playersIndexes(sqliteIndexKit));

export const sessions = sqliteTable('sessions', sessionsColumns(sqliteKit), sessionsIndexes(sqliteIndexKit));

export const passkeys = sqliteTable('passkeys', passkeysColumns(sqliteKit), passkeysIndexes(sqliteIndexKit));

export const oneTimeKeys = sqliteTable(
  'one_time_keys',
  oneTimeKeysColumns(sqliteKit),
  oneTimeKeysIndexes(sqliteIndexKit),
);

export const games = sqliteTable('games', gamesColumns(sqliteKit), gamesIndexes(sqliteIndexKit));

export const gameHints = sqliteTable('game_hints', gameHintsColumns(sqliteKit));

export const actions = sqliteTable('actions', actionsColumns(sqliteKit), actionsIndexes(sqliteIndexKit));

export const dailyDeals = sqliteTable('daily_deals', dailyDealsColumns(sqliteKit));

export const dailyResults = sqliteTable(
  'daily_results',
  dailyResultsColumns(sqliteKit),
  dailyResultsIndexes(sqliteIndexKit),
);

export const dailyFlagged = sqliteTable(
  'daily_flagged',
  dailyFlaggedColumns(sqliteKit),
  dailyFlaggedIndexes(sqliteIndexKit),
);

export const dailyOpens = sqliteTable('daily_opens', dailyOpensColumns(sqliteKit), dailyOpensIndexes(sqliteIndexKit));

export const dailyCounts = sqliteTable('daily_counts', dailyCountsColumns(sqliteKit));

export const playerStats = sqliteTable(
  'player_stats',
  playerStatsColumns(sqliteKit),
  playerStatsIndexes(sqliteIndexKit),
);

export const rooms = sqliteTable('rooms', roomsColumns(sqliteKit));

export const roomMembers = sqliteTable(
  'room_members',
  roomMembersColumns(sqliteKit),
  roomMembersIndexes(sqliteIndexKit),
);

export const races = sqliteTable('races', racesColumns(sqliteKit), racesIndexes(sqliteIndexKit));

export const roomOwners = sqliteTable('room_owners', roomOwnersColumns(sqliteKit));

export const raceResults = sqliteTable(
  'race_results',
  raceResultsColumns(sqliteKit),
  raceResultsIndexes(sqliteIndexKit),
);

export const ratings = sqliteTable('ratings', ratingsColumns(sqliteKit), ratingsIndexes(sqliteIndexKit));

export const ratingHistory = sqliteTable(
  'rating_history',
  ratingHistoryColumns(sqliteKit),
  ratingHistoryIndexes(sqliteIndexKit),
);

export const challenges = sqliteTable('challenges', challengesColumns(sqliteKit), challengesIndexes(sqliteIndexKit));

export const challengeGames = sqliteTable(
  'challenge_games',
  challengeGamesColumns(sqliteKit),
  challengeGamesIndexes(sqliteIndexKit),
);

export const moderators = sqliteTable('moderators', moderatorsColumns(sqliteKit));

export const modCases = sqliteTable('mod_cases', modCasesColumns(sqliteKit), modCasesIndexes(sqliteIndexKit));

export const marks = sqliteTable('marks', marksColumns(sqliteKit));

export const modLog = sqliteTable('mod_log', modLogColumns(sqliteKit), modLogIndexes(sqliteIndexKit));

export const ratingRefunds = sqliteTable(
  'rating_refunds',
  ratingRefundsColumns(sqliteKit),
  ratingRefundsIndexes(sqliteIndexKit),
);
export const gameEvidence = sqliteTable(
  'game_evidence',
  gameEvidenceColumns(sqliteKit),
  gameEvidenceIndexes(sqliteIndexKit),
);

export const tabVisibility = sqliteTable(
  'tab_visibility',
  tabVisibilityColumns(sqliteKit),
  tabVisibilityIndexes(sqliteIndexKit),
);

export const arenas = sqliteTable('arenas', arenasColumns(sqliteKit), arenasIndexes(sqliteIndexKit));

export const arenaPlayers = sqliteTable(
  'arena_players',
  arenaPlayersColumns(sqliteKit),
  arenaPlayersIndexes(sqliteIndexKit),
);

export const arenaDeals = sqliteTable('arena_deals', arenaDealsColumns(sqliteKit), arenaDealsIndexes(sqliteIndexKit));

export const puzzlePlayers = sqliteTable('puzzle_players', puzzlePlayersColumns(sqliteKit));

export const puzzleRatings = sqliteTable('puzzle_ratings', puzzleRatingsColumns(sqliteKit));

export const puzzleAttempts = sqliteTable(
  'puzzle_attempts',
  puzzleAttemptsColumns(sqliteKit),
  puzzleAttemptsIndexes(sqliteIndexKit),
);

export const puzzleRushes = sqliteTable(
  'puzzle_rushes',
  puzzleRushesColumns(sqliteKit),
  puzzleRushesIndexes(sqliteIndexKit),
);

export const puzzleRaces = sqliteTable('puzzle_races', puzzleRacesColumns(sqliteKit));

export const puzzleRaceMembers = sqliteTable(
  'puzzle_race_members',
  puzzleRaceMembersColumns(sqliteKit),
  puzzleRaceMembersIndexes(sqliteIndexKit),
);
