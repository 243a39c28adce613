import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { actions, games, raceResults, races, ratingHistory, ratings } from '../../db/schema.ts';
import type { Skill } from '../../ratings/model.ts';
import { raceResultColumns, ratingColumns, ratingHistoryColumns } from '../rows.ts';
import { sharedRaces } from '../shared/races.ts';
import type { RacesRepo } from '../types.ts';
import { checkFence } from './fence.ts';
import { IMMEDIATE } from './immediate.ts';
import { sqliteStore } from './store.ts';

export function sqliteRaces(db: Db): RacesRepo {
  return {
    ...sharedRaces(sqliteStore(db)),
    async create(race, rows, fence) {
      db.transaction((tx) => {
        checkFence(tx, fence);
        tx.insert(races).values(race).run();
        for (const row of rows) tx.insert(games).values(row).run();
      }, IMMEDIATE);
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
  };
}
