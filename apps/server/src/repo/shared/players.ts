import { eq, inArray } from 'drizzle-orm';
import type { Store } from '../store.ts';
import type { PlayersRepo } from '../types.ts';

/** The players' reads and renames; a sign-up and a rekeying are each store's own transactions. */
export function sharedPlayers({ db, t, isUniqueViolation }: Store): Omit<PlayersRepo, 'create' | 'rekey'> {
  const { players, sessions } = t;
  const row = { id: players.id, nickname: players.nickname };
  return {
    async rename(id, nickname, nicknameKey) {
      try {
        await db.update(players).set({ nickname, nicknameKey }).where(eq(players.id, id));
        return 'ok';
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },
    async byTokenHash(tokenHash) {
      const [found] = await db
        .select(row)
        .from(sessions)
        .innerJoin(players, eq(players.id, sessions.playerId))
        .where(eq(sessions.tokenHash, tokenHash));
      return found;
    },
    async byId(id) {
      return (await db.select(row).from(players).where(eq(players.id, id)))[0];
    },
    async byNicknameKey(key) {
      return (await db.select(row).from(players).where(eq(players.nicknameKey, key)))[0];
    },
    async setHidden(id, hidden) {
      await db.update(players).set({ hidden }).where(eq(players.id, id));
    },
    async listing(ids) {
      if (ids.length === 0) return [];
      return db
        .select({ ...row, hidden: players.hidden })
        .from(players)
        .where(inArray(players.id, [...ids]));
    },
    async byIds(ids) {
      if (ids.length === 0) return [];
      return db
        .select(row)
        .from(players)
        .where(inArray(players.id, [...ids]));
    },
  };
}
