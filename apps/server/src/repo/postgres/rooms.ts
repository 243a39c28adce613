import type { VariantId } from '@scorpion/rules';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { PgDb } from '../../db/pg-open.ts';
import { roomMembers, rooms } from '../../db/pg-schema.ts';
import type { RoomRow, RoomsRepo } from '../types.ts';
import { checkFence } from './fence.ts';

export function pgRooms(db: PgDb): RoomsRepo {
  return {
    async create(row) {
      const inserted = await db.insert(rooms).values(row).onConflictDoNothing();
      return inserted.rowCount === 1 ? 'ok' : 'taken';
    },
    async get(code) {
      const r = (await db.select().from(rooms).where(eq(rooms.code, code)))[0];
      return (
        r && {
          ...r,
          variant: r.variant as VariantId,
          timeLimit: r.timeLimit as RoomRow['timeLimit'],
          bestOf: r.bestOf as RoomRow['bestOf'],
          finishWindow: r.finishWindow as RoomRow['finishWindow'],
        }
      );
    },
    async setHost(code, hostId, fence) {
      await db.transaction(async (tx) => {
        await checkFence(tx, fence);
        await tx.update(rooms).set({ hostId }).where(eq(rooms.code, code));
      });
    },
    async members(code) {
      const rows = await db
        .select({ playerId: roomMembers.playerId })
        .from(roomMembers)
        .where(eq(roomMembers.code, code))
        // Two joins in one millisecond keep their order too (a room leaves memory and comes back).
        .orderBy(asc(roomMembers.joinedAt), asc(roomMembers.joinOrder));
      return rows.map((m) => m.playerId);
    },
    async addMember(code, playerId, at) {
      await db.insert(roomMembers).values({ code, playerId, joinedAt: at }).onConflictDoNothing();
    },
    async removeMember(code, playerId) {
      await db.delete(roomMembers).where(and(eq(roomMembers.code, code), eq(roomMembers.playerId, playerId)));
    },
    async roomsOf(playerId) {
      const rows = await db
        .select({ code: roomMembers.code })
        .from(roomMembers)
        .where(eq(roomMembers.playerId, playerId))
        .orderBy(desc(roomMembers.joinedAt), desc(roomMembers.joinOrder));
      return rows.map((r) => r.code);
    },
  };
}
