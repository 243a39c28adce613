import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { passkeys } from '../../db/schema.ts';
import { transportsOf } from '../rows.ts';
import type { PasskeyRow, PasskeysRepo } from '../types.ts';

type Stored = typeof passkeys.$inferSelect;
const passkeyOf = (row: Stored): PasskeyRow => ({ ...row, transports: transportsOf(row.transports) });

export function sqlitePasskeys(db: Db): PasskeysRepo {
  return {
    async add(row) {
      const added = db
        .insert(passkeys)
        .values({ ...row, transports: JSON.stringify(row.transports) })
        .onConflictDoNothing()
        .run();
      return added.changes === 1 ? 'ok' : 'taken';
    },
    async get(id) {
      const row = db.select().from(passkeys).where(eq(passkeys.id, id)).get();
      return row && passkeyOf(row);
    },
    async ofPlayer(playerId) {
      return db
        .select()
        .from(passkeys)
        .where(eq(passkeys.playerId, playerId))
        .orderBy(asc(passkeys.createdAt), asc(passkeys.id))
        .all()
        .map(passkeyOf);
    },
    async used(id, counter, at) {
      db.update(passkeys).set({ counter, lastUsedAt: at }).where(eq(passkeys.id, id)).run();
    },
    async remove(playerId, id) {
      return (
        db
          .delete(passkeys)
          .where(and(eq(passkeys.id, id), eq(passkeys.playerId, playerId)))
          .run().changes === 1
      );
    },
  };
}
