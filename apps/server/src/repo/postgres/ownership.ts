import { and, eq, gt, sql } from 'drizzle-orm';
import type { PgDb } from '../../db/pg-open.ts';
import { races, roomOwners } from '../../db/pg-schema.ts';
import type { Claim, Fence, OwnershipRepo } from '../types.ts';

/**
 * Room leases on PostgreSQL. A claim inserts the room's row if there is none (`ON CONFLICT DO
 * NOTHING`: two first claims cannot both insert), else locks it `FOR UPDATE`, all in one
 * transaction, so two processes never both win a room; renewals and releases touch the row only
 * while its epoch is theirs, and a renewal only while the lease lives: one that lapsed (an
 * outage, a pause) is claimed again, under a new epoch, and its gap credited.
 */
export function pgOwnership(db: PgDb): OwnershipRepo {
  const ours = (fence: Fence) =>
    and(eq(roomOwners.code, fence.code), eq(roomOwners.nodeId, fence.nodeId), eq(roomOwners.epoch, fence.epoch));
  return {
    async claim(code, nodeId, now, leaseMs): Promise<Claim> {
      const leaseUntil = now + leaseMs;
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(roomOwners)
          .values({ code, nodeId, epoch: 1, renewedAt: now, leaseUntil })
          .onConflictDoNothing()
          .returning({ epoch: roomOwners.epoch });
        if (inserted.length === 1) return { ok: true, fence: { code, nodeId, epoch: 1 }, taken: null };
        const row = (await tx.select().from(roomOwners).where(eq(roomOwners.code, code)).for('update'))[0]!;
        if (row.nodeId !== nodeId && row.leaseUntil > now) return { ok: false, owner: row.nodeId };
        const epoch = row.epoch + 1;
        await tx.update(roomOwners).set({ nodeId, epoch, renewedAt: now, leaseUntil }).where(eq(roomOwners.code, code));
        return { ok: true, fence: { code, nodeId, epoch }, taken: { nodeId: row.nodeId, renewedAt: row.renewedAt } };
      });
    },
    async renew(fence, now, leaseMs) {
      const changed = await db
        .update(roomOwners)
        .set({ renewedAt: now, leaseUntil: now + leaseMs })
        .where(and(ours(fence), gt(roomOwners.leaseUntil, now)));
      return changed.rowCount === 1;
    },
    async renewMany(fences, now, leaseMs) {
      if (fences.length === 0) return new Set();
      const given = JSON.stringify(fences.map((f) => ({ code: f.code, node_id: f.nodeId, epoch: f.epoch })));
      const renewed = await db.execute<{ code: string }>(sql`
        UPDATE ${roomOwners} SET renewed_at = ${now}, lease_until = ${now + leaseMs}
          FROM json_to_recordset(${given}::json) AS f(code text, node_id text, epoch integer)
         WHERE ${roomOwners.code} = f.code AND ${roomOwners.nodeId} = f.node_id AND ${roomOwners.epoch} = f.epoch
           AND ${roomOwners.leaseUntil} > ${now}
        RETURNING ${roomOwners.code}`);
      return new Set(renewed.rows.map((r) => r.code));
    },
    async release(fence, now) {
      await db.update(roomOwners).set({ leaseUntil: now }).where(ours(fence));
    },
    async ownerOf(code, now) {
      const rows = await db
        .select({ nodeId: roomOwners.nodeId })
        .from(roomOwners)
        .where(and(eq(roomOwners.code, code), gt(roomOwners.leaseUntil, now)));
      return rows[0]?.nodeId;
    },
    async orphaned(now) {
      const alive = sql`(SELECT 1 FROM ${roomOwners} WHERE ${roomOwners.code} = ${races.code} AND ${roomOwners.leaseUntil} > ${now})`;
      const rows = await db
        .selectDistinct({ code: races.code })
        .from(races)
        .where(and(eq(races.status, 'racing'), sql`NOT EXISTS ${alive}`));
      return rows.map((r) => r.code);
    },
  };
}
