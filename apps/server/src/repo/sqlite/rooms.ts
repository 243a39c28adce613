import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { rooms } from '../../db/schema.ts';
import { sharedRooms } from '../shared/rooms.ts';
import type { RoomsRepo } from '../types.ts';
import { checkFence } from './fence.ts';
import { IMMEDIATE } from './immediate.ts';
import { sqliteStore } from './store.ts';

export function sqliteRooms(db: Db): RoomsRepo {
  return {
    // The row inserted later is the later join.
    ...sharedRooms(sqliteStore(db), sql`rowid`),
    async setHost(code, hostId, fence) {
      db.transaction((tx) => {
        checkFence(tx, fence);
        tx.update(rooms).set({ hostId }).where(eq(rooms.code, code)).run();
      }, IMMEDIATE);
    },
  };
}
