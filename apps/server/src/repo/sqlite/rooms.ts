import type { VariantId } from '@scorpion/rules';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { roomMembers, rooms } from '../../db/schema.ts';
import type { RoomRow, RoomsRepo } from '../types.ts';
import { checkFence } from './fence.ts';
import { IMMEDIATE } from './immediate.ts';

export function sqliteRooms(db: Db): RoomsRepo {
  return {
    async create(row) {
      const changes = db.insert(rooms).values(row).onConflictDoNothing().run().changes;
      return changes === 1 ? 'ok' : 'taken';
    },
    async get(code) {
      const r = db.select().from(rooms).where(eq(rooms.code, code)).get();
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
      db.transaction((tx) => {
        checkFence(tx, fence);
        tx.update(rooms).set({ hostId }).where(eq(rooms.code, code)).run();
      }, IMMEDIATE);
    },
    async members(code) {
      return (
        db
          .select({ playerId: roomMembers.playerId })
          .from(roomMembers)
          .where(eq(roomMembers.code, code))
          // Two joins in one millisecond keep their order too (a room leaves memory and comes back).
          .orderBy(asc(roomMembers.joinedAt), asc(sql`rowid`))
          .all()
          .map((m) => m.playerId)
      );
    },
    async addMember(code, playerId, at) {
      db.insert(roomMembers).values({ code, playerId, joinedAt: at }).onConflictDoNothing().run();
    },
    async removeMember(code, playerId) {
      db.delete(roomMembers)
        .where(and(eq(roomMembers.code, code), eq(roomMembers.playerId, playerId)))
        .run();
    },
    async roomsOf(playerId) {
      // Two joins in one millisecond: the row inserted later is the later join.
      return db
        .select({ code: roomMembers.code })
        .from(roomMembers)
        .where(eq(roomMembers.playerId, playerId))
        .orderBy(desc(roomMembers.joinedAt), desc(sql`rowid`))
        .all()
        .map((r) => r.code);
    },
  };
}
