import { and, asc, desc, eq } from 'drizzle-orm';
import { transportsOf } from '../rows.ts';
import type { Store, Tables } from '../store.ts';
import type { PasskeyRow, PasskeysRepo, SessionsRepo } from '../types.ts';

/** The sessions' reads and writes; moving legacy tokens is each store's own. */
export function sharedSessions({ db, t }: Store): Omit<SessionsRepo, 'adoptLegacyTokens'> {
  const { sessions } = t;
  return {
    async add(row) {
      await db.insert(sessions).values(row);
    },
    async byTokenHash(tokenHash) {
      return (await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)))[0];
    },
    async ofPlayer(playerId) {
      return db
        .select()
        .from(sessions)
        .where(eq(sessions.playerId, playerId))
        .orderBy(desc(sessions.lastSeenAt), sessions.id);
    },
    async touch(id, at) {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
    },
    async revoke(playerId, id) {
      const [removed] = await db
        .delete(sessions)
        .where(and(eq(sessions.id, id), eq(sessions.playerId, playerId)))
        .returning();
      return removed;
    },
  };
}

const passkeyOf = (row: Tables['passkeys']['$inferSelect']): PasskeyRow => ({
  ...row,
  transports: transportsOf(row.transports),
});

export function sharedPasskeys({ db, t }: Store): PasskeysRepo {
  const { passkeys } = t;
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
