import type { RaceResult } from '@scorpion/protocol';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PgDb } from '../../db/pg-open.ts';
import { actions, games, players, raceResults, races, ratingHistory, ratings } from '../../db/pg-schema.ts';
import type { Skill } from '../../ratings/model.ts';
import { earlierToday } from '../../ratings/repeat.ts';
import {
  type RatedTogetherRow,
  raceResultColumns,
  ratedTogetherQuery,
  ratingColumns,
  ratingHistoryColumns,
  resultsByRace,
} from '../rows.ts';
import type { RacesRepo } from '../types.ts';
import { checkFence } from './fence.ts';
import { SNAPSHOT } from './snapshot.ts';

type Reader = Pick<PgDb, 'select'>;

/**
 * A player's rating is read, worked out here and written back: one rated race per player at a
 * time. Two races sharing players take the players' locks in one order (by id), never crosswise.
 */
export const lockRating = (playerId: string) => sql`SELECT pg_advisory_xact_lock(hashtext(${`ratings:${playerId}`}))`;

async function resultsOf(db: Reader, raceIds: string[]): Promise<Map<string, RaceResult[]>> {
  if (raceIds.length === 0) return new Map();
  const rows = await db
    .select({ r: raceResults, nickname: players.nickname })
    .from(raceResults)
    .innerJoin(players, eq(players.id, raceResults.playerId))
    .where(inArray(raceResults.raceId, raceIds))
    .orderBy(asc(raceResults.rank));
  return resultsByRace(rows);
}

export function pgRaces(db: PgDb): RacesRepo {
  return {
    async create(race, rows, fence) {
      await db.transaction(async (tx) => {
        await checkFence(tx, fence);
        await tx.insert(races).values(race);
        if (rows.length > 0) await tx.insert(games).values([...rows]);
      });
    },
    async get(id) {
      return (await db.select().from(races).where(eq(races.id, id)))[0];
    },
    async lastOf(code) {
      return (await db.select().from(races).where(eq(races.code, code)).orderBy(desc(races.number)).limit(1))[0];
    },
    async count(code) {
      return (await db.select({ n: count() }).from(races).where(eq(races.code, code)))[0]?.n ?? 0;
    },
    async running() {
      return db.select().from(races).where(eq(races.status, 'racing'));
    },
    async gamesOf(raceId) {
      return db.select({ playerId: games.playerId, gameId: games.id }).from(games).where(eq(games.raceId, raceId));
    },
    async finish(raceId, finishedAt, results, fence, rate) {
      return db.transaction(async (tx) => {
        await checkFence(tx, fence);
        const changed = await tx
          .update(races)
          .set({ status: 'finished', finishedAt })
          .where(and(eq(races.id, raceId), eq(races.status, 'racing')));
        if (changed.rowCount === 0) return false;
        if (results.length > 0) {
          await tx.insert(raceResults).values(results.map((r) => raceResultColumns(raceId, r)));
        }
        if (!rate || results.length === 0) return true;
        const ids = results.map((r) => r.playerId).sort();
        for (const id of ids) await tx.execute(lockRating(id));
        const stored = await tx.select().from(ratings).where(inArray(ratings.playerId, ids));
        const before = new Map<string, Skill>(stored.map((r) => [r.playerId, r]));
        const changes = rate(before);
        for (const change of changes) {
          const row = ratingColumns(change, finishedAt);
          await tx.insert(ratings).values(row).onConflictDoUpdate({ target: ratings.playerId, set: row });
        }
        await tx.insert(ratingHistory).values(changes.map((c) => ratingHistoryColumns(raceId, c, finishedAt)));
        return true;
      });
    },
    async creditGap(raceId, since, now, fence) {
      const lastAction = sql`(SELECT max(${actions.at}) FROM ${actions} WHERE ${actions.gameId} = ${games.id})`;
      const raceLastAction = sql`(SELECT max(a.at) FROM ${actions} a JOIN ${games} g ON g.id = a.game_id WHERE g.race_id = ${races.id})`;
      await db.transaction(async (tx) => {
        await checkFence(tx, fence);
        await tx
          .update(games)
          .set({
            pausedMs: sql`${games.pausedMs} + GREATEST(0, ${now}::bigint - GREATEST(${since}::bigint, coalesce(${lastAction}, 0)))`,
          })
          .where(and(eq(games.raceId, raceId), eq(games.status, 'playing')));
        await tx
          .update(races)
          .set({
            pausedMs: sql`${races.pausedMs} + GREATEST(0, ${now}::bigint - GREATEST(${since}::bigint, coalesce(${raceLastAction}, 0)))`,
          })
          .where(and(eq(races.id, raceId), eq(races.status, 'racing')));
      });
    },
    async results(raceId) {
      return (await resultsOf(db, [raceId])).get(raceId) ?? [];
    },
    async ratedTogetherSince(playerIds, since) {
      if (playerIds.length < 2) return new Map();
      return earlierToday((await db.execute<RatedTogetherRow>(ratedTogetherQuery(playerIds, since))).rows);
    },
    async series(code, first) {
      return db.transaction(async (tx) => {
        const list = await tx
          .select()
          .from(races)
          .where(and(eq(races.code, code), eq(races.series, first), eq(races.status, 'finished')))
          .orderBy(asc(races.number));
        const results = await resultsOf(
          tx,
          list.map((r) => r.id),
        );
        return list.map((race) => ({ race, results: results.get(race.id) ?? [] }));
      }, SNAPSHOT);
    },
    async history(code, offset, limit) {
      return db.transaction(async (tx) => {
        const list = await tx
          .select()
          .from(races)
          .where(and(eq(races.code, code), eq(races.status, 'finished')))
          .orderBy(desc(races.number))
          .limit(limit)
          .offset(offset);
        const results = await resultsOf(
          tx,
          list.map((r) => r.id),
        );
        return list.map((race) => ({ race, results: results.get(race.id) ?? [] }));
      }, SNAPSHOT);
    },
  };
}
