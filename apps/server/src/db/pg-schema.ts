import { bigint, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { pgIndexKit, pgKit } from './pg-kit.ts';
import * as accountTables from './tables/accounts.ts';
import * as arenaTables from './tables/arenas.ts';
import * as dailyTables from './tables/daily.ts';
import * as gameTables from './tables/games.ts';
import * as moderationTables from './tables/moderation.ts';
import * as puzzleTables from './tables/puzzles.ts';
import * as roomTables from './tables/rooms.ts';

/*
 * The PostgreSQL twin of `schema.ts` (cluster mode): the same tables, columns and indexes, written
 * once in `tables/` and built here with PostgreSQL's builders (`pg-kit.ts`); here only what
 * PostgreSQL has alone (a join order, the win-time counts). Each schema has its own drizzle-kit
 * migrations (`drizzle/` and `drizzle/postgres/`).
 */

export const settings = pgTable('settings', accountTables.settingsColumns(pgKit));

export const nodeBeats = pgTable('node_beats', accountTables.nodeBeatsColumns(pgKit));

export const players = pgTable(
  'players',
  accountTables.playersColumns(pgKit),
  accountTables.playersIndexes(pgIndexKit),
);

export const sessions = pgTable(
  'sessions',
  accountTables.sessionsColumns(pgKit),
  accountTables.sessionsIndexes(pgIndexKit),
);

export const passkeys = pgTable(
  'passkeys',
  accountTables.passkeysColumns(pgKit),
  accountTables.passkeysIndexes(pgIndexKit),
);

export const oneTimeKeys = pgTable(
  'one_time_keys',
  accountTables.oneTimeKeysColumns(pgKit),
  accountTables.oneTimeKeysIndexes(pgIndexKit),
);

export const games = pgTable('games', gameTables.gamesColumns(pgKit), gameTables.gamesIndexes(pgIndexKit));

export const gameHints = pgTable('game_hints', gameTables.gameHintsColumns(pgKit));

export const actions = pgTable('actions', gameTables.actionsColumns(pgKit), gameTables.actionsIndexes(pgIndexKit));

export const dailyDeals = pgTable('daily_deals', dailyTables.dailyDealsColumns(pgKit));

export const dailyResults = pgTable(
  'daily_results',
  dailyTables.dailyResultsColumns(pgKit),
  dailyTables.dailyResultsIndexes(pgIndexKit),
);

export const dailyFlagged = pgTable(
  'daily_flagged',
  dailyTables.dailyFlaggedColumns(pgKit),
  dailyTables.dailyFlaggedIndexes(pgIndexKit),
);

export const dailyOpens = pgTable(
  'daily_opens',
  dailyTables.dailyOpensColumns(pgKit),
  dailyTables.dailyOpensIndexes(pgIndexKit),
);

export const dailyCounts = pgTable('daily_counts', dailyTables.dailyCountsColumns(pgKit));

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

export const playerStats = pgTable(
  'player_stats',
  dailyTables.playerStatsColumns(pgKit),
  dailyTables.playerStatsIndexes(pgIndexKit),
);

export const rooms = pgTable('rooms', roomTables.roomsColumns(pgKit));

export const roomMembers = pgTable(
  'room_members',
  {
    ...roomTables.roomMembersColumns(pgKit),
    /**
     * Join order where two joins share a millisecond (SQLite uses its rowid). Two processes'
     * joins in one millisecond are ordered by their sequence numbers, which is as good as any.
     */
    joinOrder: bigint('join_order', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  roomTables.roomMembersIndexes(pgIndexKit),
);

export const races = pgTable('races', roomTables.racesColumns(pgKit), roomTables.racesIndexes(pgIndexKit));

export const raceResults = pgTable(
  'race_results',
  roomTables.raceResultsColumns(pgKit),
  roomTables.raceResultsIndexes(pgIndexKit),
);

export const roomOwners = pgTable('room_owners', roomTables.roomOwnersColumns(pgKit));

export const ratings = pgTable('ratings', roomTables.ratingsColumns(pgKit), roomTables.ratingsIndexes(pgIndexKit));

export const ratingHistory = pgTable(
  'rating_history',
  roomTables.ratingHistoryColumns(pgKit),
  roomTables.ratingHistoryIndexes(pgIndexKit),
);

export const challenges = pgTable(
  'challenges',
  moderationTables.challengesColumns(pgKit),
  moderationTables.challengesIndexes(pgIndexKit),
);

export const challengeGames = pgTable(
  'challenge_games',
  moderationTables.challengeGamesColumns(pgKit),
  moderationTables.challengeGamesIndexes(pgIndexKit),
);

export const moderators = pgTable('moderators', moderationTables.moderatorsColumns(pgKit));

export const modCases = pgTable(
  'mod_cases',
  moderationTables.modCasesColumns(pgKit),
  moderationTables.modCasesIndexes(pgIndexKit),
);

export const marks = pgTable('marks', moderationTables.marksColumns(pgKit));

export const modLog = pgTable(
  'mod_log',
  moderationTables.modLogColumns(pgKit),
  moderationTables.modLogIndexes(pgIndexKit),
);

export const ratingRefunds = pgTable(
  'rating_refunds',
  moderationTables.ratingRefundsColumns(pgKit),
  moderationTables.ratingRefundsIndexes(pgIndexKit),
);
export const gameEvidence = pgTable(
  'game_evidence',
  moderationTables.gameEvidenceColumns(pgKit),
  moderationTables.gameEvidenceIndexes(pgIndexKit),
);

export const tabVisibility = pgTable(
  'tab_visibility',
  moderationTables.tabVisibilityColumns(pgKit),
  moderationTables.tabVisibilityIndexes(pgIndexKit),
);

export const arenas = pgTable('arenas', arenaTables.arenasColumns(pgKit), arenaTables.arenasIndexes(pgIndexKit));

export const arenaPlayers = pgTable(
  'arena_players',
  arenaTables.arenaPlayersColumns(pgKit),
  arenaTables.arenaPlayersIndexes(pgIndexKit),
);

export const arenaDeals = pgTable(
  'arena_deals',
  arenaTables.arenaDealsColumns(pgKit),
  arenaTables.arenaDealsIndexes(pgIndexKit),
);

export const puzzlePlayers = pgTable('puzzle_players', puzzleTables.puzzlePlayersColumns(pgKit));

export const puzzleRatings = pgTable('puzzle_ratings', puzzleTables.puzzleRatingsColumns(pgKit));

export const puzzleAttempts = pgTable(
  'puzzle_attempts',
  puzzleTables.puzzleAttemptsColumns(pgKit),
  puzzleTables.puzzleAttemptsIndexes(pgIndexKit),
);

export const puzzleRushes = pgTable(
  'puzzle_rushes',
  puzzleTables.puzzleRushesColumns(pgKit),
  puzzleTables.puzzleRushesIndexes(pgIndexKit),
);

export const puzzleRaces = pgTable('puzzle_races', puzzleTables.puzzleRacesColumns(pgKit));

export const puzzleRaceMembers = pgTable(
  'puzzle_race_members',
  puzzleTables.puzzleRaceMembersColumns(pgKit),
  puzzleTables.puzzleRaceMembersIndexes(pgIndexKit),
);
