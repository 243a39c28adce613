import { TIME_GRAIN_MS } from '@scorpion/protocol';
import { and, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { PgDb } from '../../db/pg-open.ts';
import {
  actions,
  arenas,
  dailyCounts,
  dailyFlagged,
  dailyResults,
  dailyWinTimes,
  games,
  playerStats,
  races,
} from '../../db/pg-schema.ts';
import { RankedDailyTaken, SeqTakenError } from '../errors.ts';
import { groupCommits } from '../group-commit.ts';
import { flaggedColumns } from '../rows.ts';
import { creditedClose } from '../shared/arena-credit.ts';
import { sharedGames } from '../shared/games.ts';
import { dailySortKey } from '../sort-key.ts';
import type { GamesRepo, StoredAction } from '../types.ts';
import { isUniqueViolation } from './errors.ts';
import { checkFence } from './fence.ts';
import { pgStore } from './store.ts';

/** An arena deal's limit moves with the downtime credited to it (`creditedClose`). */
export const ARENA_CREDIT = {
  closesAt: games.closesAt,
  arenaId: games.arenaId,
  arenas,
  arenaIdColumn: arenas.id,
  arenaEndsAt: arenas.endsAt,
};

interface PendingAction {
  readonly gameId: string;
  readonly action: StoredAction;
  readonly done: () => void;
  readonly failed: (error: unknown) => void;
}

/**
 * One statement stores a whole group: the arrays are unnested into rows. A row whose seq is
 * taken is skipped (ON CONFLICT DO NOTHING) and missing from RETURNING, so the rest commit.
 */
const INSERT_GROUP = {
  name: 'scorpion_insert_actions',
  text: `INSERT INTO actions (game_id, seq, action, at)
         SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::bigint[])
         ON CONFLICT DO NOTHING RETURNING game_id, seq`,
};

/** Players' totals are read, worked out here and written back: one finish per player at a time. */
export const lockTotals = (playerId: string) =>
  sql`SELECT pg_advisory_xact_lock(hashtext(${`player_stats:${playerId}`}))`;

export function pgGames(db: PgDb, pool: pg.Pool, onCommit?: (seconds: number) => void): GamesRepo {
  // Every action that arrives in one turn of the event loop is stored by one commit, and each
  // promise resolves only after it (synchronous_commit=on: flushed to disk). One, not SQLite's
  // small groups (sqlite/games.ts): every commit here waits for a flush to disk.
  const store = async (batch: readonly PendingAction[]) => {
    try {
      const started = performance.now();
      const stored = await pool.query<{ game_id: string; seq: number }>({
        ...INSERT_GROUP,
        values: [
          batch.map((p) => p.gameId),
          batch.map((p) => p.action.seq),
          batch.map((p) => JSON.stringify(p.action.action)),
          batch.map((p) => p.action.at),
        ],
      });
      onCommit?.((performance.now() - started) / 1000);
      const keys = new Set(stored.rows.map((r) => `${r.seq} ${r.game_id}`));
      for (const p of batch) {
        // Each stored row acknowledges one action: a second of the same number in the group lost.
        if (keys.delete(`${p.action.seq} ${p.gameId}`)) p.done();
        else p.failed(new SeqTakenError(p.gameId, p.action.seq));
      }
    } catch (error) {
      for (const p of batch) p.failed(error);
    }
  };
  const enqueue = groupCommits<PendingAction>(Number.POSITIVE_INFINITY, (batch) => void store(batch));

  return {
    ...sharedGames(pgStore(db)),
    async create(row) {
      try {
        await db.insert(games).values(row);
      } catch (error) {
        if (isUniqueViolation(error, 'games_daily_ranked')) throw new RankedDailyTaken(row.playerId, row.dailyDate!);
        throw error;
      }
    },
    append(gameId, action) {
      return new Promise((done, failed) => enqueue({ gameId, action, done, failed }));
    },
    async finish(gameId, end, daily, fence) {
      return db.transaction(async (tx) => {
        await checkFence(tx, fence);
        const changed = await tx
          .update(games)
          .set(end)
          .where(and(eq(games.id, gameId), eq(games.status, 'playing')));
        if (changed.rowCount === 0) return false;
        if (!daily) return true;
        if (daily.flag) {
          await tx.insert(dailyFlagged).values(flaggedColumns(daily.result, daily.flag)).onConflictDoNothing();
          return true;
        }
        const { result, totals } = daily;
        const inserted = await tx
          .insert(dailyResults)
          .values({ ...result, sortKey: dailySortKey(result) })
          .onConflictDoNothing();
        if (inserted.rowCount === 0 || !totals) return true;
        await tx.execute(lockTotals(result.playerId));
        const before = (await tx.select().from(playerStats).where(eq(playerStats.playerId, result.playerId)))[0];
        const after = totals(before);
        await tx.insert(playerStats).values(after).onConflictDoUpdate({ target: playerStats.playerId, set: after });
        const won = result.won ? 1 : 0;
        await tx
          .insert(dailyCounts)
          .values({ date: result.date, played: 1, won })
          .onConflictDoUpdate({
            target: dailyCounts.date,
            set: { played: sql`${dailyCounts.played} + 1`, won: sql`${dailyCounts.won} + ${won}` },
          });
        if (result.won) {
          await tx
            .insert(dailyWinTimes)
            .values({ date: result.date, grainMs: Math.floor(result.timeMs / TIME_GRAIN_MS) * TIME_GRAIN_MS, count: 1 })
            .onConflictDoUpdate({
              target: [dailyWinTimes.date, dailyWinTimes.grainMs],
              set: { count: sql`${dailyWinTimes.count} + 1` },
            });
        }
        return true;
      });
    },
    // GREATEST(0, …): a clock set back while the server was down must not take time off anyone.
    async addDowntime(now, lastAlive) {
      const lastAction = sql`(SELECT max(${actions.at}) FROM ${actions} WHERE ${actions.gameId} = ${games.id})`;
      const raceLastAction = sql`(SELECT max(a.at) FROM ${actions} a JOIN ${games} g ON g.id = a.game_id WHERE g.race_id = ${races.id})`;
      const since = (last: ReturnType<typeof sql>) =>
        sql`GREATEST(0, ${now}::bigint - GREATEST(${lastAlive}::bigint, coalesce(${last}, 0)))`;
      await db.transaction(async (tx) => {
        await tx
          .update(games)
          .set({
            pausedMs: sql`${games.pausedMs} + ${since(lastAction)}`,
            closesAt: creditedClose(ARENA_CREDIT, since(lastAction)),
          })
          .where(eq(games.status, 'playing'));
        await tx
          .update(races)
          .set({ pausedMs: sql`${races.pausedMs} + ${since(raceLastAction)}` })
          .where(eq(races.status, 'racing'));
      });
    },
  };
}
