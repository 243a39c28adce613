import { eq, sql } from 'drizzle-orm';
import type { PgDb } from '../../db/pg-open.ts';
import { roomMembers, rooms } from '../../db/pg-schema.ts';
import { sharedRooms } from '../shared/rooms.ts';
import type { RoomsRepo } from '../types.ts';
import { checkFence } from './fence.ts';
import { pgStore } from './store.ts';

export function pgRooms(db: PgDb): RoomsRepo {
  return {
    ...sharedRooms(pgStore(db), sql`${roomMembers.joinOrder}`),
    async setHost(code, hostId, fence) {
      await db.transaction(async (tx) => {
        await checkFence(tx, fence);
        await tx.update(rooms).set({ hostId }).where(eq(rooms.code, code));
      });
    },
  };
}
