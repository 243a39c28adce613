import { and, asc, eq } from 'drizzle-orm';
import type { PgDb } from '../../db/pg-open.ts';
import { passkeys } from '../../db/pg-schema.ts';
import { transportsOf } from '../rows.ts';
import type { PasskeyRow, PasskeysRepo } from '../types.ts';

type Stored = typeof passkeys.$inferSelect;
const passkeyOf = (row: Stored): PasskeyRow => ({ ...row, transports: transportsOf(row.transports) });

export function pgPasskeys(db: PgDb): PasskeysRepo {
  return {
    async add(row) {
      const added = await db
        .insert(passkeys)
        .values({ ...row, transports: JSON.stringify(row.transports) })
        .onConflictDoNothing()
        .returning({ id: passkeys.id });
      return added.length === 1 ? 'ok' : 'taken';
    },
    async get(id) {
      const [row] = await db.select().from(passkeys).where(eq(passkeys.id, id));
      return row && passkeyOf(row);
    },
    async ofPlayer(playerId) {
      const rows = await db
        .select()
        .from(passkeys)
        .where(eq(passkeys.playerId, playerId))
        .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
      return rows.map(passkeyOf);
    },
    async used(id, counter, at) {
      await db.update(passkeys).set({ counter, lastUsedAt: at }).where(eq(passkeys.id, id));
    },
    async remove(playerId, id) {
      const removed = await db
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.playerId, playerId)))
        .returning({ id: passkeys.id });
      return removed.length === 1;
    },
  };
}
