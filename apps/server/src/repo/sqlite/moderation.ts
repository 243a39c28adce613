import { and, asc, desc, eq, gt, inArray, isNull, max, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/open.ts';
import {
  marks,
  modCases,
  moderators,
  modLog,
  players,
  ratingHistory,
  ratingRefunds,
  ratings,
} from '../../db/schema.ts';
import { caseColumns, caseOf, logOf, refundRacesOf, victimRatingsOf } from '../moderation-rows.ts';
import type { ModerationRepo } from '../types.ts';
import { IMMEDIATE } from './immediate.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const reporters = alias(players, 'reporters');
const moderatorPlayers = alias(players, 'moderator_players');

export function sqliteModeration(db: Db): ModerationRepo {
  const openCasesOf = (tx: Tx, playerId: string) =>
    tx
      .select()
      .from(modCases)
      .where(and(eq(modCases.playerId, playerId), eq(modCases.status, 'open')))
      .orderBy(asc(modCases.createdAt), asc(modCases.id))
      .all();
  const close = (tx: Tx, ids: readonly string[], status: 'actioned' | 'cleared' | 'dismissed', at: number) => {
    if (ids.length > 0)
      tx.update(modCases)
        .set({ status, closedAt: at })
        .where(inArray(modCases.id, [...ids]))
        .run();
  };
  const giveRefunds = (
    tx: Tx,
    markedId: string,
    refunds: readonly { victimId: string; points: number; mu: number }[],
    at: number,
  ) => {
    for (const r of refunds) {
      tx.insert(ratingRefunds)
        .values({ markedId, ...r, at })
        .run();
      tx.update(ratings)
        .set({ mu: sql`${ratings.mu} + ${r.mu}` })
        .where(eq(ratings.playerId, r.victimId))
        .run();
    }
  };
  const takeRefundsBack = (tx: Tx, markedId: string) => {
    const given = tx.select().from(ratingRefunds).where(eq(ratingRefunds.markedId, markedId)).all();
    for (const r of given) {
      tx.update(ratings)
        .set({ mu: sql`${ratings.mu} - ${r.mu}` })
        .where(eq(ratings.playerId, r.victimId))
        .run();
    }
    tx.delete(ratingRefunds).where(eq(ratingRefunds.markedId, markedId)).run();
  };
  return {
    async grant(playerId, at) {
      const added = db.insert(moderators).values({ playerId, grantedAt: at }).onConflictDoNothing().run();
      return added.changes === 1 ? 'ok' : 'already';
    },
    async revoke(playerId) {
      return db.delete(moderators).where(eq(moderators.playerId, playerId)).run().changes === 1;
    },
    async isModerator(playerId) {
      return db.select().from(moderators).where(eq(moderators.playerId, playerId)).get() !== undefined;
    },
    async open(row) {
      const added = db.insert(modCases).values(caseColumns(row)).onConflictDoNothing().run();
      return added.changes === 1 ? 'ok' : 'open';
    },
    async queue(limit) {
      return db
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
        .limit(limit)
        .all()
        .map(({ c, nickname, reporterNickname, markedAt }) => ({
          ...caseOf(c),
          nickname,
          reporterNickname,
          marked: markedAt !== null,
        }));
    },
    async case(id) {
      const c = db.select().from(modCases).where(eq(modCases.id, id)).get();
      return c && { ...caseOf(c), status: c.status };
    },
    async isMarked(playerId) {
      return db.select().from(marks).where(eq(marks.playerId, playerId)).get() !== undefined;
    },
    async heldOf(playerId) {
      const held = db
        .select({ gameId: modCases.gameId, status: modCases.status })
        .from(modCases)
        .where(and(eq(modCases.playerId, playerId), eq(modCases.kind, 'held')))
        .orderBy(asc(modCases.createdAt))
        .all();
      return held.flatMap((h) => (h.gameId ? [{ gameId: h.gameId, status: h.status }] : []));
    },
    async ratedRacesOf(playerId, since, limit) {
      const raceIds = db
        .select({ raceId: ratingHistory.raceId })
        .from(ratingHistory)
        .where(and(eq(ratingHistory.playerId, playerId), gt(ratingHistory.at, since - 1)))
        .orderBy(desc(ratingHistory.at))
        .limit(limit)
        .all()
        .map((r) => r.raceId);
      if (raceIds.length === 0) return [];
      return refundRacesOf(db.select().from(ratingHistory).where(inArray(ratingHistory.raceId, raceIds)).all());
    },
    async victimRatings(playerIds) {
      if (playerIds.length === 0) return [];
      const current = db
        .select()
        .from(ratings)
        .where(inArray(ratings.playerId, [...playerIds]))
        .all();
      const highest = db
        .select({ playerId: ratingHistory.playerId, mu: max(ratingHistory.mu), before: max(ratingHistory.muBefore) })
        .from(ratingHistory)
        .where(inArray(ratingHistory.playerId, [...playerIds]))
        .groupBy(ratingHistory.playerId)
        .all();
      return victimRatingsOf(current, highest);
    },
    async mark(log, refunds) {
      return db.transaction((tx) => {
        const added = tx
          .insert(marks)
          .values({ playerId: log.playerId, markedAt: log.at, logId: log.id })
          .onConflictDoNothing()
          .run();
        if (added.changes === 0) return 'marked' as const;
        const cases = openCasesOf(tx, log.playerId).map((c) => c.id);
        close(tx, cases, 'actioned', log.at);
        giveRefunds(tx, log.playerId, refunds, log.at);
        tx.insert(modLog)
          .values({ ...log, cases, unmarked: false })
          .run();
        return 'ok' as const;
      }, IMMEDIATE);
    },
    async clear(log) {
      return db.transaction((tx) => {
        const unmarked = tx.delete(marks).where(eq(marks.playerId, log.playerId)).run().changes === 1;
        if (unmarked) takeRefundsBack(tx, log.playerId);
        const closed = openCasesOf(tx, log.playerId);
        const cases = closed.map((c) => c.id);
        close(tx, cases, 'cleared', log.at);
        tx.insert(modLog)
          .values({ ...log, cases, unmarked })
          .run();
        return closed.map(caseOf);
      }, IMMEDIATE);
    },
    async dismiss(log, caseId) {
      return db.transaction((tx) => {
        const c = tx.select().from(modCases).where(eq(modCases.id, caseId)).get();
        if (!c) return 'unknown' as const;
        if (c.status !== 'open') return 'closed' as const;
        close(tx, [caseId], 'dismissed', log.at);
        tx.insert(modLog)
          .values({ ...log, playerId: c.playerId, cases: [caseId], unmarked: false })
          .run();
        return 'ok' as const;
      }, IMMEDIATE);
    },
    async undo(logId, by, at, refunds) {
      return db.transaction((tx) => {
        const entry = tx.select().from(modLog).where(eq(modLog.id, logId)).get();
        if (!entry) return 'unknown' as const;
        if (entry.undoneAt !== null) return 'undone' as const;
        const later = tx
          .select({ id: modLog.id })
          .from(modLog)
          .where(and(eq(modLog.playerId, entry.playerId), isNull(modLog.undoneAt), gt(modLog.at, entry.at)))
          .get();
        if (later) return 'superseded' as const;
        if (entry.action === 'mark') {
          tx.delete(marks).where(eq(marks.playerId, entry.playerId)).run();
          takeRefundsBack(tx, entry.playerId);
        } else if (entry.action === 'clear' && entry.unmarked) {
          tx.insert(marks).values({ playerId: entry.playerId, markedAt: at, logId }).onConflictDoNothing().run();
          giveRefunds(tx, entry.playerId, refunds, at);
        }
        for (const id of entry.cases) {
          const c = tx.select().from(modCases).where(eq(modCases.id, id)).get();
          if (!c || c.status === 'open') continue;
          const another =
            c.kind === 'report' &&
            tx
              .select({ id: modCases.id })
              .from(modCases)
              .where(
                and(
                  eq(modCases.kind, 'report'),
                  eq(modCases.status, 'open'),
                  eq(modCases.reporterId, c.reporterId ?? ''),
                  eq(modCases.playerId, c.playerId),
                ),
              )
              .get();
          if (!another)
            tx.update(modCases)
              .set({ status: 'open', closedAt: null, reporterTold: false })
              .where(eq(modCases.id, id))
              .run();
        }
        const undone = { ...entry, undoneAt: at, undoneBy: by };
        tx.update(modLog).set({ undoneAt: at, undoneBy: by }).where(eq(modLog.id, logId)).run();
        return logOf(undone);
      }, IMMEDIATE);
    },
    async logEntry(id) {
      const entry = db.select().from(modLog).where(eq(modLog.id, id)).get();
      return entry && logOf(entry);
    },
    async log(offset, limit) {
      return db
        .select({ l: modLog, nickname: players.nickname, moderatorNickname: moderatorPlayers.nickname })
        .from(modLog)
        .innerJoin(players, eq(players.id, modLog.playerId))
        .innerJoin(moderatorPlayers, eq(moderatorPlayers.id, modLog.moderatorId))
        .orderBy(desc(modLog.at), desc(modLog.id))
        .limit(limit)
        .offset(offset)
        .all()
        .map(({ l, nickname, moderatorNickname }) => ({ ...logOf(l), nickname, moderatorNickname }));
    },
    async appeal(row) {
      return db.transaction((tx) => {
        const mark = tx.select().from(marks).where(eq(marks.playerId, row.playerId)).get();
        if (!mark) return 'not-marked' as const;
        if (mark.appealedAt !== null) return 'appealed' as const;
        tx.update(marks).set({ appealedAt: row.createdAt }).where(eq(marks.playerId, row.playerId)).run();
        tx.insert(modCases).values(caseColumns(row)).run();
        return 'ok' as const;
      }, IMMEDIATE);
    },
    async notices(playerId) {
      return db.transaction((tx) => {
        const mark = tx.select().from(marks).where(eq(marks.playerId, playerId)).get();
        const actioned = tx
          .select({ caseId: modCases.id, nickname: players.nickname, at: modCases.closedAt })
          .from(modCases)
          .innerJoin(players, eq(players.id, modCases.playerId))
          .where(
            and(eq(modCases.reporterId, playerId), eq(modCases.status, 'actioned'), eq(modCases.reporterTold, false)),
          )
          .orderBy(asc(modCases.closedAt))
          .all();
        const told = actioned.map((a) => a.caseId);
        if (told.length > 0) tx.update(modCases).set({ reporterTold: true }).where(inArray(modCases.id, told)).run();
        return {
          mark: mark ? { at: mark.markedAt, appealed: mark.appealedAt !== null } : null,
          actioned: actioned.map((a) => ({ caseId: a.caseId, nickname: a.nickname, at: a.at ?? 0 })),
        };
      }, IMMEDIATE);
    },
    async refundsOf(playerId) {
      return db
        .select({ points: ratingRefunds.points, at: ratingRefunds.at })
        .from(ratingRefunds)
        .where(eq(ratingRefunds.victimId, playerId))
        .orderBy(desc(ratingRefunds.at))
        .all();
    },
  };
}
