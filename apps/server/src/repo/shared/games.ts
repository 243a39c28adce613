import type { GameAction } from '@scorpion/protocol';
import { and, asc, desc, eq, getTableColumns, gt, gte, lt, or } from 'drizzle-orm';
import type { Store } from '../store.ts';
import type { GamesRepo } from '../types.ts';

/**
 * The games' reads. Creating a game (which unique index refused it), the grouped append of
 * actions, a game's end and the downtime credit are each store's own.
 */
export function sharedGames({
  db,
  t,
}: Store): Pick<GamesRepo, 'get' | 'actions' | 'unfinishedOf' | 'dailyOf' | 'openDailiesBefore' | 'finishedBetween'> {
  const { actions, games, races } = t;
  // A game row as the play reads it: which process serves an arena deal is the heartbeat's (`OutageRepo`).
  const { heldBy, ...columns } = getTableColumns(games);
  return {
    async get(id) {
      return (await db.select(columns).from(games).where(eq(games.id, id)))[0];
    },
    async actions(id) {
      const rows = await db.select().from(actions).where(eq(actions.gameId, id)).orderBy(asc(actions.seq));
      return rows.map((a) => ({ seq: a.seq, at: a.at, action: JSON.parse(a.action) as GameAction }));
    },
    async unfinishedOf(playerId) {
      return db
        .select({ id: games.id, kind: games.kind, roomCode: races.code })
        .from(games)
        .leftJoin(races, eq(races.id, games.raceId))
        .where(and(eq(games.playerId, playerId), eq(games.status, 'playing')))
        .orderBy(desc(games.startedAt));
    },
    async dailyOf(playerId, date) {
      return db
        .select({ id: games.id, status: games.status, ranked: games.ranked })
        .from(games)
        .where(and(eq(games.dailyDate, date), eq(games.playerId, playerId)))
        .orderBy(asc(games.startedAt));
    },
    async openDailiesBefore(date) {
      const rows = await db
        .select({ id: games.id })
        .from(games)
        .where(and(eq(games.status, 'playing'), eq(games.kind, 'daily'), lt(games.dailyDate, date)));
      return rows.map((g) => g.id);
    },
    async finishedBetween(from, to, after, limit) {
      const past = after
        ? or(
            gt(games.finishedAt, after.finishedAt),
            and(eq(games.finishedAt, after.finishedAt), gt(games.id, after.id)),
          )
        : undefined;
      return db
        .select(columns)
        .from(games)
        .where(and(gte(games.finishedAt, from), lt(games.finishedAt, to), past))
        .orderBy(asc(games.finishedAt), asc(games.id))
        .limit(limit);
    },
  };
}
