import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { roomOwners } from '../../db/schema.ts';
import { type Fence, FencedOut } from '../types.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Inside a write transaction (BEGIN IMMEDIATE holds the write lock, so no claim can slip in
 * between this read and the write after it): throws `FencedOut`, rolling the write back, unless
 * `fence` is still the room's epoch. Without a fence (embedded mode) every write passes.
 * (On PostgreSQL the same read is `SELECT … FOR SHARE` in the write's transaction: a claim's
 * update of that row then waits for the write to commit, or the write sees the new epoch.)
 */
export function checkFence(tx: Tx | Db, fence: Fence | undefined): void {
  if (!fence) return;
  const current = tx
    .select({ epoch: roomOwners.epoch })
    .from(roomOwners)
    .where(and(eq(roomOwners.code, fence.code), eq(roomOwners.nodeId, fence.nodeId), eq(roomOwners.epoch, fence.epoch)))
    .get();
  if (!current) throw new FencedOut(fence);
}
