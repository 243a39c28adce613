import { and, eq } from 'drizzle-orm';
import type { PgDb } from '../../db/pg-open.ts';
import { roomOwners } from '../../db/pg-schema.ts';
import { type Fence, FencedOut } from '../types.ts';

type Tx = Parameters<Parameters<PgDb['transaction']>[0]>[0];

/**
 * Inside a write transaction: throws `FencedOut`, rolling the write back, unless `fence` is still
 * the room's epoch. The owner row is read `FOR SHARE`: a claim's update of that row then waits
 * until this write commits, and a claim that committed first leaves a row this read no longer
 * matches (READ COMMITTED re-checks a locked row's newest version). Without a fence (embedded
 * mode) every write passes.
 */
export async function checkFence(tx: Tx, fence: Fence | undefined): Promise<void> {
  if (!fence) return;
  const current = await tx
    .select({ epoch: roomOwners.epoch })
    .from(roomOwners)
    .where(and(eq(roomOwners.code, fence.code), eq(roomOwners.nodeId, fence.nodeId), eq(roomOwners.epoch, fence.epoch)))
    .for('share');
  if (current.length === 0) throw new FencedOut(fence);
}
