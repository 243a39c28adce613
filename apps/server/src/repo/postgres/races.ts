import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgDb } from '../../db/pg-open.ts';
import { actions, games, raceResults, races, ratingHistory, ratings } from '../../db/pg-schema.ts';
import type { Skill } from '../../ratings/model.ts';
import { raceResultColumns, ratingColumns, ratingHistoryColumns } from '../rows.ts';
import { sharedRaces } from '../shared/races.ts';
import type { RacesRepo } from '../types.ts';
import { checkFence } from './fence.ts';
import { pgStore } from './store.ts';

/**
 * A player's rating is read, worked out here and written back: one rated race per player at a
 * time. Two races sharing players take the players' locks in one order (by id), never crosswise.
 */
export const lockRating = (playerId: string) => sql`SELECT pg_advisory_xact_lock(hashtext(${`ratings:${playerId}`}))`;

export function pgRaces(db: PgDb): RacesRepo {
  return {
    ...sharedRaces(pgStore(db)),
    async create(race, rows, fence) {
      await db.transaction(async (tx) => {
        await checkFence(tx, fence);
        await tx.insert(races).values(race);
        if (rows.length > 0) await tx.insert(games).values([...rows]);
      });
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
  };
}
