import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { Store } from '../store.ts';
import type { RoomsRepo } from '../types.ts';

/**
 * The rooms and their members; a host's change is fenced, each store's own. `joinOrder` breaks
 * ties between joins in one millisecond (a room leaves memory and comes back): SQLite's rowid,
 * PostgreSQL's identity column.
 */
export function sharedRooms({ db, t }: Store, joinOrder: SQL): Omit<RoomsRepo, 'setHost'> {
  const { roomMembers, rooms } = t;
  return {
    async create(row) {
      const inserted = await db.insert(rooms).values(row).onConflictDoNothing().returning({ code: rooms.code });
      return inserted.length === 1 ? 'ok' : 'taken';
    },
    async get(code) {
      return (await db.select().from(rooms).where(eq(rooms.code, code)))[0];
    },
    async members(code) {
      const rows = await db
        .select({ playerId: roomMembers.playerId })
        .from(roomMembers)
        .where(eq(roomMembers.code, code))
        .orderBy(asc(roomMembers.joinedAt), asc(joinOrder));
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
        .orderBy(desc(roomMembers.joinedAt), desc(joinOrder));
      return rows.map((r) => r.code);
    },
  };
}
