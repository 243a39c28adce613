import { and, eq, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/open.ts';
import { actions, arenas, games, nodeBeats } from '../../db/schema.ts';
import { creditedClose } from '../shared/arena-credit.ts';
import type { DealHolder, OutageRepo } from '../types.ts';
import { IMMEDIATE } from './immediate.ts';

const lastAction = sql`(SELECT max(${actions.at}) FROM ${actions} WHERE ${actions.gameId} = ${games.id})`;
/** The holder's last beat, read on the deal's row. */
const holderBeat = sql`(SELECT ${nodeBeats.beatAt} FROM ${nodeBeats} WHERE ${nodeBeats.nodeId} = ${games.heldBy})`;
/** From `since` (or the deal's last stored action, if later) to `now`; never negative (a clock set back). */
const since = (now: number, from: SQL | number) => sql`max(0, ${now} - max(${from}, coalesce(${lastAction}, 0)))`;
/** The credit on the deal's clock and on its limit (`creditedClose`), and the process serving it from now. */
const credited = (credit: SQL, nodeId: string) => ({
  pausedMs: sql`${games.pausedMs} + ${credit}`,
  closesAt: creditedClose(games, arenas, credit),
  heldBy: nodeId,
});
const dealInPlay = and(eq(games.status, 'playing'), isNotNull(games.arenaId));

/**
 * The processes' beats on SQLite (processes sharing one file): BEGIN IMMEDIATE is the lock of a
 * start's outage check, and every statement is atomic, so a deal's conditional takeover is too.
 */
export function sqliteOutage(db: Db): OutageRepo {
  const beat = (tx: Pick<Db, 'insert'>, nodeId: string, now: number) => {
    tx.insert(nodeBeats)
      .values({ nodeId, beatAt: now })
      .onConflictDoUpdate({ target: nodeBeats.nodeId, set: { beatAt: now } })
      .run();
  };
  return {
    async beat(nodeId, now) {
      beat(db, nodeId, now);
    },
    async creditOutage(nodeId, now, staleMs) {
      return db.transaction((tx) => {
        const last =
          tx
            .select({ at: sql<number | null>`max(${nodeBeats.beatAt})` })
            .from(nodeBeats)
            .get()?.at ?? 0;
        const own = tx.select().from(nodeBeats).where(eq(nodeBeats.nodeId, nodeId)).get()?.beatAt ?? 0;
        const gap = last > 0 && now - last >= staleMs ? now - last : 0;
        const restart = gap === 0 && own > 0 ? Math.max(0, now - own) : 0;
        if (restart > 0) {
          // This NODE_ID's previous run stopped at its last beat: its deals are credited as a dead holder's.
          tx.update(games)
            .set(credited(since(now, own), nodeId))
            .where(and(dealInPlay, eq(games.heldBy, nodeId)))
            .run();
        }
        if (gap > 0) {
          tx.update(games)
            .set({
              ...credited(since(now, last), nodeId),
              heldBy: sql`CASE WHEN ${games.arenaId} IS NULL THEN NULL ELSE ${nodeId} END`,
            })
            .where(and(eq(games.status, 'playing'), isNull(games.raceId)))
            .run();
        }
        beat(tx, nodeId, now);
        return { outageMs: gap, restartMs: restart };
      }, IMMEDIATE);
    },
    async holderOf(gameId) {
      return db
        .select({ nodeId: games.heldBy, beatAt: nodeBeats.beatAt })
        .from(games)
        .leftJoin(nodeBeats, eq(nodeBeats.nodeId, games.heldBy))
        .where(and(eq(games.id, gameId), dealInPlay))
        .get();
    },
    async take(gameId, nodeId, from: DealHolder, deadSince, now) {
      const holder = from.nodeId === null ? isNull(games.heldBy) : eq(games.heldBy, from.nodeId);
      const stillDead = deadSince === null ? undefined : sql`${holderBeat} = ${deadSince}`;
      const changed = db
        .update(games)
        .set(credited(deadSince === null ? sql`0` : since(now, deadSince), nodeId))
        .where(and(eq(games.id, gameId), dealInPlay, holder, stillDead))
        .run();
      return changed.changes > 0;
    },
    async takeAbandoned(nodeId, now, staleMs) {
      return db
        .update(games)
        .set(credited(since(now, holderBeat), nodeId))
        .where(and(dealInPlay, isNotNull(games.heldBy), lt(holderBeat, now - staleMs)))
        .returning({ id: games.id })
        .all()
        .map((t) => t.id);
    },
  };
}
