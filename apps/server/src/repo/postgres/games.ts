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
import { type CommitTimes, groupCommits, systemTimer, type Timer, timedWindow } from '../group-commit.ts';
import { flaggedColumns } from '../rows.ts';
import { creditedClose } from '../shared/arena-credit.ts';
import { sharedGames } from '../shared/games.ts';
import { dailySortKey } from '../sort-key.ts';
import type { GamesRepo, StoredAction } from '../types.ts';
import { isUniqueViolation } from './errors.ts';
import { checkFence } from './fence.ts';
import { pgStore } from './store.ts';

interface PendingAction {
  /** When it was queued (`Timer.now`): the group's first item waited longest for its commit. */
  readonly queuedAt: number;
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

/**
 * How long the first action of a group may wait for the others before they are committed
 * together, in ms: the most a move's ack is delayed by the grouping. Every commit here is a
 * write transaction, flushed to disk (synchronous_commit=on), and the primary's commits are
 * what a cluster runs out of first (docs/scaling.md): a window of 15 ms holds at most 67
 * commits a second per process, whatever the load, at about 7 ms more on a move's mean ack.
 */
export const ACTION_WINDOW_MS = 15;

/** The most actions in one commit: a burst past it is committed before its window closes. */
const MOST_PER_COMMIT = 512;

export interface GroupCommitHooks {
  /** How long each group commit took, in seconds. */
  readonly commitTimes?: CommitTimes;
  /** How long each group's first action waited for its commit to start, in seconds (at most the window), and how many it held. */
  readonly onGroup?: (waitedSeconds: number, actions: number) => void;
  readonly timer?: Timer;
  readonly windowMs?: number;
}

export function pgGames(db: PgDb, pool: pg.Pool, hooks: GroupCommitHooks = {}): GamesRepo {
  const { commitTimes, onGroup, timer = systemTimer, windowMs = ACTION_WINDOW_MS } = hooks;
  // The actions of every game that arrive within one window are stored by one statement in one
  // commit, and each promise resolves only after it (synchronous_commit=on: flushed to disk).
  const store = async (batch: readonly PendingAction[]) => {
    try {
      const started = timer.now();
      onGroup?.((started - batch[0]!.queuedAt) / 1000, batch.length);
      const stored = await pool.query<{ game_id: string; seq: number }>({
        ...INSERT_GROUP,
        values: [
          batch.map((p) => p.gameId),
          batch.map((p) => p.action.seq),
          batch.map((p) => JSON.stringify(p.action.action)),
          batch.map((p) => p.action.at),
        ],
      });
      commitTimes?.observe((timer.now() - started) / 1000);
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
  const enqueue = groupCommits<PendingAction>(
    MOST_PER_COMMIT,
    (batch) => void store(batch),
    undefined,
    timedWindow(windowMs, timer),
  );

  return {
    ...sharedGames(pgStore(db)),
    async create(row, heldBy) {
      try {
        await db.insert(games).values({ ...row, heldBy: heldBy ?? null });
      } catch (error) {
        if (isUniqueViolation(error, 'games_daily_ranked')) throw new RankedDailyTaken(row.playerId, row.dailyDate!);
        throw error;
      }
    },
    append(gameId, action) {
      return new Promise((done, failed) => enqueue({ queuedAt: timer.now(), gameId, action, done, failed }));
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
            closesAt: creditedClose(games, arenas, since(lastAction)),
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
