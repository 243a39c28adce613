import type { RaceResult } from '@scorpion/protocol';
import { type SQL, sql } from 'drizzle-orm';
import type { Difficulty } from '../deals/certify.ts';
import type { RatingChange } from '../ratings/model.ts';
import type { Row } from './row-types.ts';
import type { DailyDealRow, DailyFlag, DailyResultRow, FlaggedResultRow } from './types.ts';

/*
 * What both stores make of their rows: only the SQL differs between SQLite and PostgreSQL, so
 * the rows are read and written here once. Rules are the core's: a store is handed their results.
 */

/**
 * The player of `column` is not marked: a marked player's results leave every board (daily,
 * all-time, ratings) and come back when a moderator clears them. `marks` holds a few rows at
 * most; each test is one primary-key probe.
 */
export function unmarked(column: SQL | { getSQL(): SQL }): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM marks WHERE marks.player_id = ${column})`;
}

/**
 * A ranked result held on its evidence from play (under review, or kept off by a moderator) is
 * on no board until a moderator clears it (`game_evidence.held`).
 */
export function notHeld(gameId: SQL | { getSQL(): SQL }): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM game_evidence WHERE game_evidence.game_id = ${gameId} AND game_evidence.held IN ('held', 'confirmed'))`;
}

/** A `daily_deals` row as either store reads it: the difficulty in two nullable columns. */
export function dailyDealOf({ difficultyStars, difficultyScore, ...rest }: Row<'dailyDeals'>): DailyDealRow {
  const difficulty =
    difficultyStars === null || difficultyScore === null
      ? null
      : { stars: difficultyStars as Difficulty['stars'], score: difficultyScore };
  return { ...rest, difficulty };
}

/** The columns a deal is stored in. */
export function dailyDealColumns({ difficulty, ...row }: DailyDealRow) {
  return { ...row, difficultyStars: difficulty?.stars ?? null, difficultyScore: difficulty?.score ?? null };
}

/** A `race_results` row joined to its player's nickname. */
type StoredRaceResult = { readonly r: Row<'raceResults'>; readonly nickname: string };

/** The columns a race's result is stored in: the result without its nickname (the player's). */
export function raceResultColumns(raceId: string, r: RaceResult) {
  return {
    raceId,
    playerId: r.playerId,
    gameId: r.gameId,
    rank: r.rank,
    won: r.won,
    gaveUp: r.gaveUp,
    timeMs: r.timeMs,
    progress: r.progress,
    faceDown: r.faceDown,
    moves: r.moves,
  };
}

/** Each race's results, grouped by race, in the order the rows came in. */
export function resultsByRace(rows: readonly StoredRaceResult[]): Map<string, RaceResult[]> {
  const byRace = new Map<string, RaceResult[]>();
  for (const { r, nickname } of rows) {
    const list = byRace.get(r.raceId) ?? [];
    list.push({
      rank: r.rank,
      playerId: r.playerId,
      nickname,
      won: r.won,
      gaveUp: r.gaveUp,
      timeMs: r.timeMs,
      progress: r.progress,
      faceDown: r.faceDown,
      moves: r.moves,
      gameId: r.gameId,
    });
    byRace.set(r.raceId, list);
  }
  return byRace;
}

/** The columns a flagged result is stored in (`daily_flagged`), and the row read back. */
export function flaggedColumns(result: DailyResultRow, flag: DailyFlag) {
  return { ...result, reason: flag };
}

export function flaggedRow({ reason, ...result }: DailyResultRow & { readonly reason: DailyFlag }): FlaggedResultRow {
  return { ...result, flag: reason };
}

/** A new player's first device: a session under the player's id, as the sign-up's cookie token made it. */
export function firstSession(p: { id: string; tokenHash: string; at: number; label?: string }) {
  return {
    id: p.id,
    playerId: p.id,
    tokenHash: p.tokenHash,
    label: p.label ?? FIRST_DEVICE,
    createdAt: p.at,
    lastSeenAt: p.at,
  };
}

/** The label of a device nobody named: a sign-up without a user agent, or one from before devices were listed. */
export const FIRST_DEVICE = 'First device';

/** Transports as stored (a JSON array in a text column, on both stores). */
export const transportsOf = (text: string): string[] => JSON.parse(text) as string[];

/** A player's `ratings` row after a rated race. */
export function ratingColumns(c: RatingChange, at: number) {
  return { playerId: c.playerId, mu: c.mu, sigma: c.sigma, games: c.games, established: c.established, updatedAt: at };
}

/** The `rating_history` row of a racer's rated race. */
export function ratingHistoryColumns(raceId: string, c: RatingChange, at: number) {
  return {
    raceId,
    playerId: c.playerId,
    rank: c.rank,
    muBefore: c.muBefore,
    mu: c.mu,
    sigma: c.sigma,
    games: c.games,
    at,
  };
}

/**
 * The same SQL in both stores: for each ordered pair of `playerIds`, the rated races finished at
 * or after `since` that both raced. `rated` is an integer in
 * SQLite and a boolean in PostgreSQL: either is true as it stands.
 */
export function ratedTogetherQuery(playerIds: readonly string[], since: number): SQL {
  const ids = sql.join(
    playerIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`
    SELECT mine.player_id AS a, theirs.player_id AS b, count(*) AS races
    FROM race_results mine
    JOIN race_results theirs ON theirs.race_id = mine.race_id AND theirs.player_id <> mine.player_id
    JOIN races ON races.id = mine.race_id
    WHERE races.rated AND races.finished_at >= ${since}
      AND mine.player_id IN (${ids}) AND theirs.player_id IN (${ids})
    GROUP BY mine.player_id, theirs.player_id`;
}

/** What `ratedTogetherQuery` answers, a row per ordered pair. */
export type RatedTogetherRow = { readonly a: string; readonly b: string; readonly races: number | string };
