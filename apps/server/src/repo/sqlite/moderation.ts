import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { marks, modCases, modLog, players, ratingRefunds, ratings } from '../../db/schema.ts';
import { caseColumns, caseOf, logOf } from '../moderation-rows.ts';
import { sharedModeration } from '../shared/moderation.ts';
import type { ModerationRepo } from '../types.ts';
import { IMMEDIATE } from './immediate.ts';
import { sqliteStore } from './store.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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
    ...sharedModeration(sqliteStore(db)),
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
  };
}
