import type { RaceResult } from '@scorpion/protocol';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { actions, games, players, raceResults, races, ratingHistory, ratings } from '../../db/schema.ts';
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
import type { RaceRow, RacesRepo } from '../types.ts';
import { checkFence } from './fence.ts';
import { IMMEDIATE } from './immediate.ts';

export function sqliteRaces(db: Db): RacesRepo {
  function resultsOf(raceIds: string[]): Map<string, RaceResult[]> {
    if (raceIds.length === 0) return new Map();
    const rows = db
      .select({ r: raceResults, nickname: players.nickname })
      .from(raceResults)
      .innerJoin(players, eq(players.id, raceResults.playerId))
      .where(inArray(raceResults.raceId, raceIds))
      .orderBy(asc(raceResults.rank))
      .all();
    return resultsByRace(rows);
  }
  const asRow = (r: typeof races.$inferSelect): RaceRow => r;

  return {
    async create(race, rows, fence) {
      db.transaction((tx) => {
        checkFence(tx, fence);
        tx.insert(races).values(race).run();
        for (const row of rows) tx.insert(games).values(row).run();
      }, IMMEDIATE);
    },
    async get(id) {
      const r = db.select().from(races).where(eq(races.id, id)).get();
      return r && asRow(r);
    },
    async lastOf(code) {
      const r = db.select().from(races).where(eq(races.code, code)).orderBy(desc(races.number)).limit(1).get();
      return r && asRow(r);
    },
    async count(code) {
      return db.select({ n: count() }).from(races).where(eq(races.code, code)).get()?.n ?? 0;
    },
    async running() {
      return db.select().from(races).where(eq(races.status, 'racing')).all().map(asRow);
    },
    async gamesOf(raceId) {
      return db
        .select({ playerId: games.playerId, gameId: games.id })
        .from(games)
        .where(eq(games.raceId, raceId))
        .all();
    },
    async finish(raceId, finishedAt, results, fence, rate) {
      return db.transaction((tx) => {
        checkFence(tx, fence);
        const changed = tx
          .update(races)
          .set({ status: 'finished', finishedAt })
          .where(and(eq(races.id, raceId), eq(races.status, 'racing')))
          .run().changes;
        if (changed === 0) return false;
        for (const r of results) {
          tx.insert(raceResults).values(raceResultColumns(raceId, r)).run();
        }
        if (!rate || results.length === 0) return true;
        // IMMEDIATE: the write lock is held from the start, so nothing rates these players between.
        const ids = results.map((r) => r.playerId);
        const stored = tx.select().from(ratings).where(inArray(ratings.playerId, ids)).all();
        const before = new Map<string, Skill>(stored.map((r) => [r.playerId, r]));
        for (const change of rate(before)) {
          const row = ratingColumns(change, finishedAt);
          tx.insert(ratings).values(row).onConflictDoUpdate({ target: ratings.playerId, set: row }).run();
          tx.insert(ratingHistory)
            .values(ratingHistoryColumns(raceId, change, finishedAt))
            .run();
        }
        return true;
      }, IMMEDIATE);
    },
    async creditGap(raceId, since, now, fence) {
      const lastAction = sql`(SELECT max(${actions.at}) FROM ${actions} WHERE ${actions.gameId} = ${games.id})`;
      const raceLastAction = sql`(SELECT max(a.at) FROM ${actions} a JOIN ${games} g ON g.id = a.game_id WHERE g.race_id = ${races.id})`;
      db.transaction((tx) => {
        checkFence(tx, fence);
        tx.update(games)
          .set({ pausedMs: sql`${games.pausedMs} + max(0, ${now} - max(${since}, coalesce(${lastAction}, 0)))` })
          .where(and(eq(games.raceId, raceId), eq(games.status, 'playing')))
          .run();
        tx.update(races)
          .set({ pausedMs: sql`${races.pausedMs} + max(0, ${now} - max(${since}, coalesce(${raceLastAction}, 0)))` })
          .where(and(eq(races.id, raceId), eq(races.status, 'racing')))
          .run();
      }, IMMEDIATE);
    },
    async results(raceId) {
      return resultsOf([raceId]).get(raceId) ?? [];
    },
    async ratedTogetherSince(playerIds, since) {
      if (playerIds.length < 2) return new Map();
      return earlierToday(db.all<RatedTogetherRow>(ratedTogetherQuery(playerIds, since)));
    },
    async series(code, first) {
      const list = db
        .select()
        .from(races)
        .where(and(eq(races.code, code), eq(races.series, first), eq(races.status, 'finished')))
        .orderBy(asc(races.number))
        .all()
        .map(asRow);
      const results = resultsOf(list.map((r) => r.id));
      return list.map((race) => ({ race, results: results.get(race.id) ?? [] }));
    },
    async history(code, offset, limit) {
      const list = db
        .select()
        .from(races)
        .where(and(eq(races.code, code), eq(races.status, 'finished')))
        .orderBy(desc(races.number))
        .limit(limit)
        .offset(offset)
        .all()
        .map(asRow);
      const results = resultsOf(list.map((r) => r.id));
      return list.map((race) => ({ race, results: results.get(race.id) ?? [] }));
    },
  };
}
