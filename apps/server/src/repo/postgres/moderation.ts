import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { PgDb } from '../../db/pg-open.ts';
import { marks, modCases, modLog, players, ratingRefunds, ratings } from '../../db/pg-schema.ts';
import { caseColumns, caseOf, logOf } from '../moderation-rows.ts';
import { sharedModeration } from '../shared/moderation.ts';
import type { ModerationRepo, RefundRow } from '../types.ts';
import { lockRating } from './races.ts';
import { pgStore } from './store.ts';

type Tx = Parameters<Parameters<PgDb['transaction']>[0]>[0];

export function pgModeration(db: PgDb): ModerationRepo {
  const openCasesOf = (tx: Tx, playerId: string) =>
    tx
      .select()
      .from(modCases)
      .where(and(eq(modCases.playerId, playerId), eq(modCases.status, 'open')))
      .orderBy(asc(modCases.createdAt), asc(modCases.id));
  const close = async (tx: Tx, ids: readonly string[], status: 'actioned' | 'cleared' | 'dismissed', at: number) => {
    if (ids.length > 0)
      await tx
        .update(modCases)
        .set({ status, closedAt: at })
        .where(inArray(modCases.id, [...ids]));
  };
  // A rating changes under its player's lock, taken in id order as a race's end takes them.
  const addToRatings = async (tx: Tx, steps: readonly { victimId: string; mu: number }[]) => {
    for (const r of [...steps].sort((a, b) => (a.victimId < b.victimId ? -1 : 1))) {
      await tx.execute(lockRating(r.victimId));
      await tx
        .update(ratings)
        .set({ mu: sql`${ratings.mu} + ${r.mu}` })
        .where(eq(ratings.playerId, r.victimId));
    }
  };
  const giveRefunds = async (tx: Tx, markedId: string, refunds: readonly RefundRow[], at: number) => {
    if (refunds.length === 0) return;
    await tx.insert(ratingRefunds).values(refunds.map((r) => ({ markedId, ...r, at })));
    await addToRatings(tx, refunds);
  };
  const takeRefundsBack = async (tx: Tx, markedId: string) => {
    const given = await tx.delete(ratingRefunds).where(eq(ratingRefunds.markedId, markedId)).returning();
    await addToRatings(
      tx,
      given.map((r) => ({ victimId: r.victimId, mu: -r.mu })),
    );
  };
  return {
    ...sharedModeration(pgStore(db)),
    async mark(log, refunds) {
      return db.transaction(async (tx) => {
        const added = await tx
          .insert(marks)
          .values({ playerId: log.playerId, markedAt: log.at, logId: log.id })
          .onConflictDoNothing()
          .returning();
        if (added.length === 0) return 'marked' as const;
        const cases = (await openCasesOf(tx, log.playerId)).map((c) => c.id);
        await close(tx, cases, 'actioned', log.at);
        await giveRefunds(tx, log.playerId, refunds, log.at);
        await tx.insert(modLog).values({ ...log, cases, unmarked: false });
        return 'ok' as const;
      });
    },
    async clear(log) {
      return db.transaction(async (tx) => {
        const lifted = await tx.delete(marks).where(eq(marks.playerId, log.playerId)).returning();
        const unmarked = lifted.length === 1;
        if (unmarked) await takeRefundsBack(tx, log.playerId);
        const closed = await openCasesOf(tx, log.playerId);
        const cases = closed.map((c) => c.id);
        await close(tx, cases, 'cleared', log.at);
        await tx.insert(modLog).values({ ...log, cases, unmarked });
        return closed.map(caseOf);
      });
    },
    async dismiss(log, caseId) {
      return db.transaction(async (tx) => {
        const [c] = await tx.select().from(modCases).where(eq(modCases.id, caseId)).for('update');
        if (!c) return 'unknown' as const;
        if (c.status !== 'open') return 'closed' as const;
        await close(tx, [caseId], 'dismissed', log.at);
        await tx.insert(modLog).values({ ...log, playerId: c.playerId, cases: [caseId], unmarked: false });
        return 'ok' as const;
      });
    },
    async undo(logId, by, at, refunds) {
      return db.transaction(async (tx) => {
        const [entry] = await tx.select().from(modLog).where(eq(modLog.id, logId)).for('update');
        if (!entry) return 'unknown' as const;
        if (entry.undoneAt !== null) return 'undone' as const;
        const [later] = await tx
          .select({ id: modLog.id })
          .from(modLog)
          .where(and(eq(modLog.playerId, entry.playerId), isNull(modLog.undoneAt), gt(modLog.at, entry.at)))
          .limit(1);
        if (later) return 'superseded' as const;
        if (entry.action === 'mark') {
          await tx.delete(marks).where(eq(marks.playerId, entry.playerId));
          await takeRefundsBack(tx, entry.playerId);
        } else if (entry.action === 'clear' && entry.unmarked) {
          await tx.insert(marks).values({ playerId: entry.playerId, markedAt: at, logId }).onConflictDoNothing();
          await giveRefunds(tx, entry.playerId, refunds, at);
        }
        for (const id of entry.cases) {
          const [c] = await tx.select().from(modCases).where(eq(modCases.id, id));
          if (!c || c.status === 'open') continue;
          const [another] =
            c.kind === 'report'
              ? await tx
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
              : [];
          if (!another) {
            await tx
              .update(modCases)
              .set({ status: 'open', closedAt: null, reporterTold: false })
              .where(eq(modCases.id, id));
          }
        }
        await tx.update(modLog).set({ undoneAt: at, undoneBy: by }).where(eq(modLog.id, logId));
        return logOf({ ...entry, undoneAt: at, undoneBy: by });
      });
    },
    async appeal(row) {
      return db.transaction(async (tx) => {
        const [mark] = await tx.select().from(marks).where(eq(marks.playerId, row.playerId)).for('update');
        if (!mark) return 'not-marked' as const;
        if (mark.appealedAt !== null) return 'appealed' as const;
        await tx.update(marks).set({ appealedAt: row.createdAt }).where(eq(marks.playerId, row.playerId));
        await tx.insert(modCases).values(caseColumns(row));
        return 'ok' as const;
      });
    },
    async notices(playerId) {
      const [mark] = await db.select().from(marks).where(eq(marks.playerId, playerId));
      // Told once: the reports this read marks as told are the ones it answers with.
      const told = await db
        .update(modCases)
        .set({ reporterTold: true })
        .where(
          and(eq(modCases.reporterId, playerId), eq(modCases.status, 'actioned'), eq(modCases.reporterTold, false)),
        )
        .returning({ caseId: modCases.id, playerId: modCases.playerId, at: modCases.closedAt });
      const names = told.length
        ? await db
            .select()
            .from(players)
            .where(
              inArray(
                players.id,
                told.map((t) => t.playerId),
              ),
            )
        : [];
      return {
        mark: mark ? { at: mark.markedAt, appealed: mark.appealedAt !== null } : null,
        actioned: told
          .map((t) => ({
            caseId: t.caseId,
            nickname: names.find((n) => n.id === t.playerId)?.nickname ?? '',
            at: t.at ?? 0,
          }))
          .sort((a, b) => a.at - b.at || (a.caseId < b.caseId ? -1 : 1)),
      };
    },
  };
}
