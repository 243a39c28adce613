import { and, asc, desc, eq, gt, inArray, isNull, max, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PgDb } from '../../db/pg-open.ts';
import {
  marks,
  modCases,
  moderators,
  modLog,
  players,
  ratingHistory,
  ratingRefunds,
  ratings,
} from '../../db/pg-schema.ts';
import { caseColumns, caseOf, logOf, refundRacesOf, victimRatingsOf } from '../moderation-rows.ts';
import type { ModerationRepo, RefundRow } from '../types.ts';
import { lockRating } from './races.ts';

type Tx = Parameters<Parameters<PgDb['transaction']>[0]>[0];

const reporters = alias(players, 'reporters');
const moderatorPlayers = alias(players, 'moderator_players');

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
      if (latest.length === 0) return [];
      const raceIds = latest.map((r) => r.raceId);
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
    async refundsOf(playerId) {
      return db
        .select({ points: ratingRefunds.points, at: ratingRefunds.at })
        .from(ratingRefunds)
        .where(eq(ratingRefunds.victimId, playerId))
        .orderBy(desc(ratingRefunds.at));
    },
  };
}
