import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { races, roomOwners } from '../../db/schema.ts';
import type { Claim, OwnershipRepo } from '../types.ts';
import { IMMEDIATE } from './immediate.ts';

/**
 * Room leases on SQLite: each claim reads and writes the room's row in one BEGIN IMMEDIATE
 * transaction, so two processes on one file never both win it. (On PostgreSQL: the row read
 * `FOR UPDATE` after an `INSERT … ON CONFLICT DO NOTHING`, in one transaction.) A lease renews
 * only while it lives: one that lapsed (an outage, a pause) is claimed again, under a new epoch.
 */
export function sqliteOwnership(db: Db): OwnershipRepo {
  return {
    async claim(code, nodeId, now, leaseMs): Promise<Claim> {
      return db.transaction((tx) => {
        const row = tx.select().from(roomOwners).where(eq(roomOwners.code, code)).get();
        const leaseUntil = now + leaseMs;
        if (!row) {
          tx.insert(roomOwners).values({ code, nodeId, epoch: 1, renewedAt: now, leaseUntil }).run();
          return { ok: true, fence: { code, nodeId, epoch: 1 }, taken: null };
        }
        if (row.nodeId !== nodeId && row.leaseUntil > now) return { ok: false, owner: row.nodeId };
        const epoch = row.epoch + 1;
        tx.update(roomOwners).set({ nodeId, epoch, renewedAt: now, leaseUntil }).where(eq(roomOwners.code, code)).run();
        return { ok: true, fence: { code, nodeId, epoch }, taken: { nodeId: row.nodeId, renewedAt: row.renewedAt } };
      }, IMMEDIATE);
    },
    async renew(fence, now, leaseMs) {
      const changes = db
        .update(roomOwners)
        .set({ renewedAt: now, leaseUntil: now + leaseMs })
        .where(
          and(
            eq(roomOwners.code, fence.code),
            eq(roomOwners.nodeId, fence.nodeId),
            eq(roomOwners.epoch, fence.epoch),
            gt(roomOwners.leaseUntil, now),
          ),
        )
        .run().changes;
      return changes === 1;
    },
    async renewMany(fences, now, leaseMs) {
      return db.transaction(
        (tx) =>
          new Set(
            fences
              .filter(
                (fence) =>
                  tx
                    .update(roomOwners)
                    .set({ renewedAt: now, leaseUntil: now + leaseMs })
                    .where(
                      and(
                        eq(roomOwners.code, fence.code),
                        eq(roomOwners.nodeId, fence.nodeId),
                        eq(roomOwners.epoch, fence.epoch),
                        gt(roomOwners.leaseUntil, now),
                      ),
                    )
                    .run().changes === 1,
              )
              .map((fence) => fence.code),
          ),
        IMMEDIATE,
      );
    },
    async release(fence, now) {
      db.update(roomOwners)
        .set({ leaseUntil: now })
        .where(
          and(eq(roomOwners.code, fence.code), eq(roomOwners.nodeId, fence.nodeId), eq(roomOwners.epoch, fence.epoch)),
        )
        .run();
    },
    async ownerOf(code, now) {
      return db
        .select({ nodeId: roomOwners.nodeId })
        .from(roomOwners)
        .where(and(eq(roomOwners.code, code), gt(roomOwners.leaseUntil, now)))
        .get()?.nodeId;
    },
    async orphaned(now) {
      const alive = sql`(SELECT 1 FROM ${roomOwners} WHERE ${roomOwners.code} = ${races.code} AND ${roomOwners.leaseUntil} > ${now})`;
      return db
        .selectDistinct({ code: races.code })
        .from(races)
        .where(and(eq(races.status, 'racing'), sql`NOT EXISTS ${alive}`))
        .all()
        .map((r) => r.code);
    },
  };
}
