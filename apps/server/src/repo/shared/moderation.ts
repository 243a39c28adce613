import { and, asc, desc, eq, gt, inArray, max } from 'drizzle-orm';
// Both dialects' `alias` is the same proxy over a table: SQLite's serves PostgreSQL's tables too.
import { alias } from 'drizzle-orm/sqlite-core';
import { caseColumns, caseOf, logOf, refundRacesOf, victimRatingsOf } from '../moderation-rows.ts';
import type { Store } from '../store.ts';
import type { ModerationRepo } from '../types.ts';

/** What moderation writes in one transaction (a mark, a clear, an undo…) is each store's own. */
type Transactional = 'mark' | 'clear' | 'dismiss' | 'undo' | 'appeal' | 'notices';

/** The moderators, the queue and the log as they are read, and the single-row writes. */
export function sharedModeration({ db, t }: Store): Omit<ModerationRepo, Transactional> {
  const { marks, modCases, moderators, modLog, players, ratingHistory, ratingRefunds, ratings } = t;
  const reporters = alias(players, 'reporters');
  const moderatorPlayers = alias(players, 'moderator_players');
  return {
    async grant(playerId, at) {
      const added = await db.insert(moderators).values({ playerId, grantedAt: at }).onConflictDoNothing().returning();
      return added.length === 1 ? 'ok' : 'already';
    },
    async revoke(playerId) {
      return (await db.delete(moderators).where(eq(moderators.playerId, playerId)).returning()).length === 1;
    },
    async isModerator(playerId) {
      return (await db.select().from(moderators).where(eq(moderators.playerId, playerId))).length === 1;
    },
    async open(row) {
      const added = await db.insert(modCases).values(caseColumns(row)).onConflictDoNothing().returning();
      return added.length === 1 ? 'ok' : 'open';
    },
    async queue(limit) {
      const rows = await db
        .select({
          c: modCases,
          nickname: players.nickname,
          reporterNickname: reporters.nickname,
          markedAt: marks.markedAt,
        })
        .from(modCases)
        .innerJoin(players, eq(players.id, modCases.playerId))
        .leftJoin(reporters, eq(reporters.id, modCases.reporterId))
        .leftJoin(marks, eq(marks.playerId, modCases.playerId))
        .where(eq(modCases.status, 'open'))
        .orderBy(asc(modCases.createdAt), asc(modCases.id))
        .limit(limit);
      return rows.map(({ c, nickname, reporterNickname, markedAt }) => ({
        ...caseOf(c),
        nickname,
        reporterNickname,
        marked: markedAt !== null,
      }));
    },
    async case(id) {
      const [c] = await db.select().from(modCases).where(eq(modCases.id, id));
      return c && { ...caseOf(c), status: c.status };
    },
    async isMarked(playerId) {
      return (await db.select().from(marks).where(eq(marks.playerId, playerId))).length === 1;
    },
    async heldOf(playerId) {
      const held = await db
        .select({ gameId: modCases.gameId, status: modCases.status })
        .from(modCases)
        .where(and(eq(modCases.playerId, playerId), eq(modCases.kind, 'held')))
        .orderBy(asc(modCases.createdAt));
      return held.flatMap((h) => (h.gameId ? [{ gameId: h.gameId, status: h.status }] : []));
    },
    async ratedRacesOf(playerId, since, limit) {
      const latest = await db
        .select({ raceId: ratingHistory.raceId })
        .from(ratingHistory)
        .where(and(eq(ratingHistory.playerId, playerId), gt(ratingHistory.at, since - 1)))
        .orderBy(desc(ratingHistory.at))
        .limit(limit);
      const raceIds = latest.map((r) => r.raceId);
      if (raceIds.length === 0) return [];
      return refundRacesOf(await db.select().from(ratingHistory).where(inArray(ratingHistory.raceId, raceIds)));
    },
    async victimRatings(playerIds) {
      if (playerIds.length === 0) return [];
      const current = await db
        .select()
        .from(ratings)
        .where(inArray(ratings.playerId, [...playerIds]));
      const highest = await db
        .select({ playerId: ratingHistory.playerId, mu: max(ratingHistory.mu), before: max(ratingHistory.muBefore) })
        .from(ratingHistory)
        .where(inArray(ratingHistory.playerId, [...playerIds]))
        .groupBy(ratingHistory.playerId);
      return victimRatingsOf(current, highest);
    },
    async logEntry(id) {
      const [entry] = await db.select().from(modLog).where(eq(modLog.id, id));
      return entry && logOf(entry);
    },
    async log(offset, limit) {
      const rows = await db
        .select({ l: modLog, nickname: players.nickname, moderatorNickname: moderatorPlayers.nickname })
        .from(modLog)
        .innerJoin(players, eq(players.id, modLog.playerId))
        .innerJoin(moderatorPlayers, eq(moderatorPlayers.id, modLog.moderatorId))
        .orderBy(desc(modLog.at), desc(modLog.id))
        .limit(limit)
        .offset(offset);
      return rows.map(({ l, nickname, moderatorNickname }) => ({ ...logOf(l), nickname, moderatorNickname }));
    },
    async refundsOf(playerId) {
      return db
        .select({ points: ratingRefunds.points, at: ratingRefunds.at })
        .from(ratingRefunds)
        .where(eq(ratingRefunds.victimId, playerId))
        .orderBy(desc(ratingRefunds.at));
    },
  };
}
