import { bigint, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { pgIndexKit, pgKit } from './pg-kit.ts';
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
 * The PostgreSQL twin of `schema.ts` (cluster mode): the same tables, columns and indexes, written
 * once in `tables/` and built here with PostgreSQL's builders (`pg-kit.ts`); here only what
 * PostgreSQL has alone (a join order, the win-time counts). Each schema has its own drizzle-kit
 * migrations (`drizzle/` and `drizzle/postgres/`).
 */

export const settings = pgTable('settings', settingsColumns(pgKit));

export const nodeBeats = pgTable('node_beats', nodeBeatsColumns(pgKit));

export const players = pgTable('players', playersColumns(pgKit), playersIndexes(pgIndexKit));

export const sessions = pgTable('sessions', sessionsColumns(pgKit), sessionsIndexes(pgIndexKit));

export const passkeys = pgTable('passkeys', passkeysColumns(pgKit), passkeysIndexes(pgIndexKit));

export const oneTimeKeys = pgTable('one_time_keys', oneTimeKeysColumns(pgKit), oneTimeKeysIndexes(pgIndexKit));

export const games = pgTable('games', gamesColumns(pgKit), gamesIndexes(pgIndexKit));

export const gameHints = pgTable('game_hints', gameHintsColumns(pgKit));

export const actions = pgTable('actions', actionsColumns(pgKit), actionsIndexes(pgIndexKit));

export const dailyDeals = pgTable('daily_deals', dailyDealsColumns(pgKit));

export const dailyResults = pgTable('daily_results', dailyResultsColumns(pgKit), dailyResultsIndexes(pgIndexKit));

export const dailyFlagged = pgTable('daily_flagged', dailyFlaggedColumns(pgKit), dailyFlaggedIndexes(pgIndexKit));

export const dailyOpens = pgTable('daily_opens', dailyOpensColumns(pgKit), dailyOpensIndexes(pgIndexKit));

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

export const playerStats = pgTable('player_stats', playerStatsColumns(pgKit), playerStatsIndexes(pgIndexKit));

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
  roomMembersIndexes(pgIndexKit),
);

export const races = pgTable('races', racesColumns(pgKit), racesIndexes(pgIndexKit));

export const raceResults = pgTable('race_results', raceResultsColumns(pgKit), raceResultsIndexes(pgIndexKit));

export const roomOwners = pgTable('room_owners', roomOwnersColumns(pgKit));

export const ratings = pgTable('ratings', ratingsColumns(pgKit), ratingsIndexes(pgIndexKit));

export const ratingHistory = pgTable('rating_history', ratingHistoryColumns(pgKit), ratingHistoryIndexes(pgIndexKit));

export const challenges = pgTable('challenges', challengesColumns(pgKit), challengesIndexes(pgIndexKit));

export const challengeGames = pgTable(
  'challenge_games',
  challengeGamesColumns(pgKit),
  challengeGamesIndexes(pgIndexKit),
);

export const moderators = pgTable('moderators', moderatorsColumns(pgKit));

export const modCases = pgTable('mod_cases', modCasesColumns(pgKit), modCasesIndexes(pgIndexKit));

export const marks = pgTable('marks', marksColumns(pgKit));

export const modLog = pgTable('mod_log', modLogColumns(pgKit), modLogIndexes(pgIndexKit));

export const ratingRefunds = pgTable('rating_refunds', ratingRefundsColumns(pgKit), ratingRefundsIndexes(pgIndexKit));
export const gameEvidence = pgTable('game_evidence', gameEvidenceColumns(pgKit), gameEvidenceIndexes(pgIndexKit));

export const tabVisibility = pgTable('tab_visibility', tabVisibilityColumns(pgKit), tabVisibilityIndexes(pgIndexKit));

export const arenas = pgTable('arenas', arenasColumns(pgKit), arenasIndexes(pgIndexKit));

export const arenaPlayers = pgTable('arena_players', arenaPlayersColumns(pgKit), arenaPlayersIndexes(pgIndexKit));

export const arenaDeals = pgTable('arena_deals', arenaDealsColumns(pgKit), arenaDealsIndexes(pgIndexKit));

export const puzzlePlayers = pgTable('puzzle_players', puzzlePlayersColumns(pgKit));

export const puzzleRatings = pgTable('puzzle_ratings', puzzleRatingsColumns(pgKit));

export const puzzleAttempts = pgTable(
  'puzzle_attempts',
  puzzleAttemptsColumns(pgKit),
  puzzleAttemptsIndexes(pgIndexKit),
);

export const puzzleRushes = pgTable('puzzle_rushes', puzzleRushesColumns(pgKit), puzzleRushesIndexes(pgIndexKit));

export const puzzleRaces = pgTable('puzzle_races', puzzleRacesColumns(pgKit));

export const puzzleRaceMembers = pgTable(
  'puzzle_race_members',
  puzzleRaceMembersColumns(pgKit),
  puzzleRaceMembersIndexes(pgIndexKit),
);
