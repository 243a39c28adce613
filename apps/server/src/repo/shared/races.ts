import type { RaceResult } from '@scorpion/protocol';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { type RatedTogetherRow, ratedTogetherQuery, resultsByRace } from '../rows.ts';
import type { Store } from '../store.ts';
import type { RacesRepo } from '../types.ts';

/** The races' reads; creating, ending and crediting a race are each store's own fenced transactions. */
export function sharedRaces(store: Store): Omit<RacesRepo, 'create' | 'finish' | 'creditGap'> {
  const { db, t, snapshot, bytewise } = store;
  const { games, players, raceResults, races } = t;
  /**
   * Each race's results in the order its end listed them: by rank, ties by player id compared
   * byte by byte, as `resultOrder` (races/ranking.ts) lists them, whatever the store's collation.
   */
  async function resultsOf(reader: Db, raceIds: string[]): Promise<Map<string, RaceResult[]>> {
    if (raceIds.length === 0) return new Map();
    const rows = await reader
      .select({ r: raceResults, nickname: players.nickname })
      .from(raceResults)
      .innerJoin(players, eq(players.id, raceResults.playerId))
      .where(inArray(raceResults.raceId, raceIds))
      .orderBy(asc(raceResults.rank), asc(bytewise(raceResults.playerId)));
    return resultsByRace(rows);
  }
  /** Finished races with their results, from one snapshot (never a race without its results). */
  const withResults = (list: (reader: Db) => Promise<(typeof races.$inferSelect)[]>) =>
    snapshot(async (reader) => {
      const found = await list(reader);
      const results = await resultsOf(
        reader,
        found.map((r) => r.id),
      );
      return found.map((race) => ({ race, results: results.get(race.id) ?? [] }));
    });

  return {
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
    async results(raceId) {
      return (await resultsOf(db, [raceId])).get(raceId) ?? [];
    },
    async ratedTogetherSince(playerIds, since) {
      if (playerIds.length < 2) return [];
      const pairs = await store.rows<RatedTogetherRow>(ratedTogetherQuery(playerIds, since));
      // PostgreSQL's count is a bigint, which its driver hands over as a string.
      return pairs.map(({ a, b, races }) => ({ a, b, races: Number(races) }));
    },
    async series(code, first) {
      return withResults((reader) =>
        reader
          .select()
          .from(races)
          .where(and(eq(races.code, code), eq(races.series, first), eq(races.status, 'finished')))
          .orderBy(asc(races.number)),
      );
    },
    async history(code, offset, limit) {
      return withResults((reader) =>
        reader
          .select()
          .from(races)
          .where(and(eq(races.code, code), eq(races.status, 'finished')))
          .orderBy(desc(races.number))
          .limit(limit)
          .offset(offset),
      );
    },
  };
}
