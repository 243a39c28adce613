import { and, eq, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { PgDb } from '../../db/pg-open.ts';
import { actions, arenas, games, nodeBeats } from '../../db/pg-schema.ts';
import { creditedClose } from '../shared/arena-credit.ts';
import type { DealHolder, OutageRepo } from '../types.ts';

const lastAction = sql`(SELECT max(${actions.at}) FROM ${actions} WHERE ${actions.gameId} = ${games.id})`;
/** The holder's last beat, read on the deal's row. */
const holderBeat = sql`(SELECT ${nodeBeats.beatAt} FROM ${nodeBeats} WHERE ${nodeBeats.nodeId} = ${games.heldBy})`;
/** From `since` (or the deal's last stored action, if later) to `now`; never negative (a clock set back). */
const since = (now: number, from: SQL | number) =>
  sql`GREATEST(0, ${now}::bigint - GREATEST(${from}::bigint, coalesce(${lastAction}, 0)))`;
/** The credit on the deal's clock and on its limit (`creditedClose`), and the process serving it from now. */
const credited = (credit: SQL, nodeId: string) => ({
  pausedMs: sql`${games.pausedMs} + ${credit}`,
  closesAt: creditedClose(games, arenas, credit),
  heldBy: nodeId,
});
const dealInPlay = and(eq(games.status, 'playing'), isNotNull(games.arenaId));

/**
 * The processes' beats on PostgreSQL. A start's check and credit of a whole-cluster outage hold a
 * lock on the beats that also holds off the beats themselves (SHARE ROW EXCLUSIVE conflicts with
 * itself and with the beats' upserts); a deal's takeover is one conditional update on its holder,
 * which a second taker, waiting on the row, finds changed and skips (READ COMMITTED re-checks it).
 */
export function pgOutage(db: PgDb): OutageRepo {
  const beat = async (tx: Pick<PgDb, 'insert'>, nodeId: string, now: number) => {
    await tx
      .insert(nodeBeats)
      .values({ nodeId, beatAt: now })
      .onConflictDoUpdate({ target: nodeBeats.nodeId, set: { beatAt: now } });
  };
  /**
   * A takeover waits for a start's credit under way (ROW EXCLUSIVE conflicts with its SHARE ROW
   * EXCLUSIVE, not with itself) and reads the beats after it: a row a start credited and waited
   * on would else be re-checked against the beat its statement read before, and credited twice.
   */
  const afterStarts = <T>(update: (tx: Pick<PgDb, 'update'>) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE ${nodeBeats} IN ROW EXCLUSIVE MODE`);
      return update(tx);
    });
  return {
    beat: (nodeId, now) => beat(db, nodeId, now),
    async creditOutage(nodeId, now, staleMs) {
      return db.transaction(async (tx) => {
        // A second process starting at once waits here, then reads the first one's fresh beat.
        await tx.execute(sql`LOCK TABLE ${nodeBeats} IN SHARE ROW EXCLUSIVE MODE`);
        const newest = await tx.select({ at: sql`max(${nodeBeats.beatAt})`.mapWith(Number) }).from(nodeBeats);
        const last = newest[0]?.at ?? 0;
        const own = (await tx.select().from(nodeBeats).where(eq(nodeBeats.nodeId, nodeId)))[0]?.beatAt ?? 0;
        const gap = last > 0 && now - last >= staleMs ? now - last : 0;
        const restart = gap === 0 && own > 0 ? Math.max(0, now - own) : 0;
        if (restart > 0) {
          // This NODE_ID's previous run stopped at its last beat: its deals are credited as a dead holder's.
          await tx
            .update(games)
            .set(credited(since(now, own), nodeId))
            .where(and(dealInPlay, eq(games.heldBy, nodeId)));
        }
        if (gap > 0) {
          const credit = since(now, last);
          await tx
            .update(games)
            .set({
              ...credited(credit, nodeId),
              heldBy: sql`CASE WHEN ${games.arenaId} IS NULL THEN NULL ELSE ${nodeId} END`,
            })
            .where(and(eq(games.status, 'playing'), isNull(games.raceId)));
        }
        await beat(tx, nodeId, now);
        return { outageMs: gap, restartMs: restart };
      });
    },
    async holderOf(gameId) {
      const rows = await db
        .select({ nodeId: games.heldBy, beatAt: nodeBeats.beatAt })
        .from(games)
        .leftJoin(nodeBeats, eq(nodeBeats.nodeId, games.heldBy))
        .where(and(eq(games.id, gameId), dealInPlay));
      return rows[0];
    },
    async take(gameId, nodeId, from: DealHolder, deadSince, now) {
      const holder = from.nodeId === null ? isNull(games.heldBy) : eq(games.heldBy, from.nodeId);
      const stillDead = deadSince === null ? undefined : sql`${holderBeat} = ${deadSince}::bigint`;
      return afterStarts(async (tx) => {
        const changed = await tx
          .update(games)
          .set(credited(deadSince === null ? sql`0` : since(now, deadSince), nodeId))
          .where(and(eq(games.id, gameId), dealInPlay, holder, stillDead));
        return (changed.rowCount ?? 0) > 0;
      });
    },
    async takeAbandoned(nodeId, now, staleMs) {
      return afterStarts(async (tx) => {
        const taken = await tx
          .update(games)
          .set(credited(since(now, holderBeat), nodeId))
          .where(and(dealInPlay, isNotNull(games.heldBy), lt(holderBeat, now - staleMs)))
          .returning({ id: games.id });
        return taken.map((t) => t.id);
      });
    },
  };
}
