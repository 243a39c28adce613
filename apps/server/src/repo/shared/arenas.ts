import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Assessment } from '../../deals/certify.ts';
import type { Store } from '../store.ts';
import type { ArenasRepo } from '../types.ts';

/**
 * The arenas, their players and deals, and their results read from the games: the same queries
 * on either store. Every write is "only if not there yet", so two processes writing the same
 * scheduled arena, the same join, the same deal or the same end leave one row, the first.
 */
export function sharedArenas({ db, t }: Store): ArenasRepo {
  const { arenaDeals, arenaPlayers, arenas, games, players } = t;
  const get = async (id: string) => (await db.select().from(arenas).where(eq(arenas.id, id)))[0];
  const roleOf = async (arenaId: string, playerId: string) =>
    (
      await db
        .select({ role: arenaPlayers.role })
        .from(arenaPlayers)
        .where(and(eq(arenaPlayers.arenaId, arenaId), eq(arenaPlayers.playerId, playerId)))
    )[0]?.role;
  const storedDeal = async (arenaId: string, deal: number) =>
    (
      await db
        .select()
        .from(arenaDeals)
        .where(and(eq(arenaDeals.arenaId, arenaId), eq(arenaDeals.deal, deal)))
    )[0];
  return {
    async ensure(row) {
      await db.insert(arenas).values(row).onConflictDoNothing();
      return (await get(row.id))!;
    },
    get,
    async privateOpen(now, limit) {
      return db
        .select()
        .from(arenas)
        .where(and(eq(arenas.kind, 'private'), gt(arenas.endsAt, now)))
        .orderBy(asc(arenas.startsAt), asc(arenas.id))
        .limit(limit);
    },
    async unsettled() {
      return db.select().from(arenas).where(isNull(arenas.settledAt)).orderBy(asc(arenas.endsAt));
    },
    async join(arenaId, playerId, role, at) {
      await db.insert(arenaPlayers).values({ arenaId, playerId, role, joinedAt: at }).onConflictDoNothing();
      return (await roleOf(arenaId, playerId))!;
    },
    roleOf,
    async players(arenaId) {
      return db
        .select({ playerId: arenaPlayers.playerId, name: players.nickname })
        .from(arenaPlayers)
        .innerJoin(players, eq(players.id, arenaPlayers.playerId))
        .where(and(eq(arenaPlayers.arenaId, arenaId), eq(arenaPlayers.role, 'player')));
    },
    async counts(arenaIds) {
      if (arenaIds.length === 0) return new Map();
      const rows = await db
        .select({ arenaId: arenaPlayers.arenaId, n: count() })
        .from(arenaPlayers)
        .where(and(inArray(arenaPlayers.arenaId, [...arenaIds]), eq(arenaPlayers.role, 'player')))
        .groupBy(arenaPlayers.arenaId);
      return new Map(rows.map((r) => [r.arenaId, Number(r.n)]));
    },
    async results(arenaId, playerId) {
      return db
        .select({
          id: games.id,
          playerId: games.playerId,
          arenaDeal: games.arenaDeal,
          status: games.status,
          berserk: games.berserk,
          startedAt: games.startedAt,
          pausedMs: games.pausedMs,
          finishedAt: games.finishedAt,
          timeMs: games.timeMs,
          closesAt: games.closesAt,
        })
        .from(games)
        .where(
          and(
            eq(games.arenaId, arenaId),
            isNotNull(games.arenaDeal),
            playerId === undefined ? undefined : eq(games.playerId, playerId),
          ),
        );
    },
    async dealOnce(arenaId, deal, make) {
      const certified = (row: { candidate: number; certificate: Assessment; certifiedBy: string }) => ({
        candidate: row.candidate,
        certificate: row.certificate,
        certifiedBy: row.certifiedBy,
      });
      const stored = await storedDeal(arenaId, deal);
      if (stored) return certified(stored);
      const made = await make();
      await db
        .insert(arenaDeals)
        .values({ arenaId, deal, ...made })
        .onConflictDoNothing();
      // Another process may have stored its own answer first: that one is everyone's.
      return certified((await storedDeal(arenaId, deal))!);
    },
    async deals(arenaId) {
      return db
        .select({
          deal: arenaDeals.deal,
          candidate: arenaDeals.candidate,
          certificate: arenaDeals.certificate,
          certifiedBy: arenaDeals.certifiedBy,
        })
        .from(arenaDeals)
        .where(eq(arenaDeals.arenaId, arenaId))
        .orderBy(asc(arenaDeals.deal));
    },
    async settle(arenaId, winnerId, at) {
      const settled = await db
        .update(arenas)
        .set({ winnerId, settledAt: at })
        .where(and(eq(arenas.id, arenaId), isNull(arenas.settledAt)))
        .returning({ id: arenas.id });
      return settled.length === 1;
    },
    async historyOf(playerId, limit) {
      const rows = await db
        .select({ arena: arenas })
        .from(arenaPlayers)
        .innerJoin(arenas, eq(arenas.id, arenaPlayers.arenaId))
        .where(and(eq(arenaPlayers.playerId, playerId), eq(arenaPlayers.role, 'player')))
        .orderBy(desc(arenaPlayers.joinedAt), desc(arenaPlayers.arenaId))
        .limit(limit);
      return rows.map((r) => r.arena);
    },
  };
}
