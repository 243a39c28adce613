import { and, desc, eq, sql } from 'drizzle-orm';
import { notHeld } from '../rows.ts';
import type { Store } from '../store.ts';
import type { ProfilesRepo } from '../types.ts';
import { resultColumns } from './boards.ts';

export function sharedProfiles({ db, t }: Store): ProfilesRepo {
  const { dailyResults, raceResults, races } = t;
  return {
    async dailies(playerId, limit) {
      return (
        db
          .select(resultColumns(t))
          .from(dailyResults)
          // A held result is on no profile's calendar (its own player is told of it apart).
          .where(and(eq(dailyResults.playerId, playerId), notHeld(dailyResults.gameId)))
          .orderBy(desc(dailyResults.date))
          .limit(limit)
      );
    },
    async races(playerId, limit) {
      return db
        .select({
          raceId: races.id,
          code: races.code,
          number: races.number,
          finishedAt: sql<number>`${races.finishedAt}`.mapWith(Number),
          rated: races.rated,
          rank: raceResults.rank,
          racers: sql<number>`(SELECT count(*) FROM race_results o WHERE o.race_id = ${races.id})`.mapWith(Number),
          won: raceResults.won,
          timeMs: raceResults.timeMs,
          gameId: raceResults.gameId,
        })
        .from(raceResults)
        .innerJoin(races, eq(races.id, raceResults.raceId))
        .where(eq(raceResults.playerId, playerId))
        .orderBy(desc(races.finishedAt), desc(races.id))
        .limit(limit);
    },
  };
}
