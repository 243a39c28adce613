import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { PuzzleRaceJoin, PuzzleRaceRepo } from '../ports/puzzle-race.ts';
import type { Store } from '../store.ts';

/** Puzzle races and their members, the same queries on either store. */
export function sharedPuzzleRace(store: Store): PuzzleRaceRepo {
  const { db, t } = store;
  const { puzzleRaces, puzzleRaceMembers, players } = t;
  const member = (code: string, playerId: string, at: number) => ({
    code,
    playerId,
    joinedAt: at,
    at: 0,
    step: 0,
    score: 0,
    scoredAt: null,
  });
  return {
    async create(race, at) {
      const inserted = await db
        .insert(puzzleRaces)
        .values(race)
        .onConflictDoNothing()
        .returning({ code: puzzleRaces.code });
      if (inserted.length === 0) return false;
      await db.insert(puzzleRaceMembers).values(member(race.code, race.creatorId, at));
      return true;
    },
    async race(code) {
      const [row] = await db.select().from(puzzleRaces).where(eq(puzzleRaces.code, code));
      return row;
    },
    async members(code) {
      return db
        .select({
          code: puzzleRaceMembers.code,
          playerId: puzzleRaceMembers.playerId,
          joinedAt: puzzleRaceMembers.joinedAt,
          at: puzzleRaceMembers.at,
          step: puzzleRaceMembers.step,
          score: puzzleRaceMembers.score,
          scoredAt: puzzleRaceMembers.scoredAt,
          nickname: players.nickname,
        })
        .from(puzzleRaceMembers)
        .innerJoin(players, eq(players.id, puzzleRaceMembers.playerId))
        .where(eq(puzzleRaceMembers.code, code))
        .orderBy(asc(puzzleRaceMembers.joinedAt), asc(store.bytewise(puzzleRaceMembers.playerId)));
    },
    async join(code, playerId, at, most): Promise<PuzzleRaceJoin> {
      // One statement: the count and the lobby are read by the insert itself.
      const inserted = await store.rows<{ player_id: string }>(sql`
        INSERT INTO puzzle_race_members (code, player_id, joined_at, at, step, score, scored_at)
        SELECT ${code}, ${playerId}, ${at}, 0, 0, 0, NULL
        WHERE EXISTS (SELECT 1 FROM puzzle_races WHERE code = ${code} AND starts_at IS NULL)
          AND (SELECT count(*) FROM puzzle_race_members WHERE code = ${code}) < ${most}
        ON CONFLICT DO NOTHING
        RETURNING player_id`);
      if (inserted.length > 0) return 'joined';
      const [race] = await db.select().from(puzzleRaces).where(eq(puzzleRaces.code, code));
      if (!race) return 'no-such-race';
      const [already] = await db
        .select({ code: puzzleRaceMembers.code })
        .from(puzzleRaceMembers)
        .where(and(eq(puzzleRaceMembers.code, code), eq(puzzleRaceMembers.playerId, playerId)));
      if (already) return 'member';
      return race.startsAt === null ? 'full' : 'started';
    },
    async start(code, puzzleIds, startsAt, endsAt) {
      const updated = await db
        .update(puzzleRaces)
        .set({ puzzleIds, startsAt, endsAt })
        .where(and(eq(puzzleRaces.code, code), isNull(puzzleRaces.startsAt)))
        .returning({ code: puzzleRaces.code });
      return updated.length > 0;
    },
    async advance(code, playerId, from, change) {
      const updated = await db
        .update(puzzleRaceMembers)
        .set(change)
        .where(
          and(
            eq(puzzleRaceMembers.code, code),
            eq(puzzleRaceMembers.playerId, playerId),
            eq(puzzleRaceMembers.at, from.at),
            eq(puzzleRaceMembers.step, from.step),
          ),
        )
        .returning({ code: puzzleRaceMembers.code });
      return updated.length > 0;
    },
    async setNext(code, next) {
      const updated = await db
        .update(puzzleRaces)
        .set({ next })
        .where(and(eq(puzzleRaces.code, code), isNull(puzzleRaces.next)))
        .returning({ code: puzzleRaces.code });
      return updated.length > 0;
    },
    async sweepLobbies(madeBefore) {
      // The races go first: a join checks its lobby in the same statement, so none lands after.
      const swept = await db
        .delete(puzzleRaces)
        .where(and(isNull(puzzleRaces.startsAt), lt(puzzleRaces.createdAt, madeBefore)))
        .returning({ code: puzzleRaces.code });
      const codes = swept.map((race) => race.code);
      if (codes.length > 0) await db.delete(puzzleRaceMembers).where(inArray(puzzleRaceMembers.code, codes));
      return codes.length;
    },
  };
}
