import type Database from 'better-sqlite3';
import { and, eq, sql } from 'drizzle-orm';
import type { CommitGate } from '../../db/commit-gate.ts';
import type { Db } from '../../db/open.ts';
import {
  actions,
  arenas,
  dailyCounts,
  dailyFlagged,
  dailyResults,
  games,
  playerStats,
  races,
} from '../../db/schema.ts';
import type { StorageHealth } from '../../db/storage-health.ts';
import { RankedDailyTaken, SeqTakenError } from '../errors.ts';
import { type CommitTimes, groupCommits } from '../group-commit.ts';
import { flaggedColumns } from '../rows.ts';
import { creditedClose } from '../shared/arena-credit.ts';
import { sharedGames } from '../shared/games.ts';
import { dailySortKey } from '../sort-key.ts';
import type { GamesRepo, StoredAction } from '../types.ts';
import { checkFence } from './fence.ts';
import { IMMEDIATE } from './immediate.ts';
import { sqliteStore } from './store.ts';

/**
 * The most actions one commit stores (repo/group-commit.ts). With `synchronous = NORMAL` a commit
 * costs about what an insert does (no fsync), so small groups let a burst's first acks leave
 * before its last frames are read; with `FULL` every commit waits for an fsync, the whole cost,
 * so all the actions of one turn of the event loop share one.
 */
export function mostPerCommit(sync: 'normal' | 'full'): number {
  return sync === 'full' ? Number.POSITIVE_INFINITY : 4;
}

interface PendingAction {
  readonly gameId: string;
  readonly action: StoredAction;
  readonly done: () => void;
  readonly failed: (error: unknown) => void;
}

/** The action's (game, seq) primary key is taken: that move number is stored already. */
function isSeqTaken(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

function isRankedTaken(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export function sqliteGames(
  db: Db,
  sqlite: Database.Database,
  sync: 'normal' | 'full',
  commitTimes?: CommitTimes,
  gate?: CommitGate,
  health?: StorageHealth,
): GamesRepo {
  // The move path is a raw prepared insert, without query-builder work, and commits in groups:
  // the actions that arrive in one turn of the event loop are stored by a transaction per
  // `mostPerCommit` of them, and each promise resolves only after its commit. Under load the
  // groups grow, so the cost of a commit is shared instead of queueing up. `gate` holds them
  // while the WAL keeper catches a checkpoint up (db/wal-keeper.ts). `health` hears whether the
  // disk took each commit (a full or read-only disk refuses them: the moves are then refused
  // `unavailable`, and acknowledged again once it takes them).
  const insertAction = sqlite.prepare('INSERT INTO actions (game_id, seq, action, at) VALUES (?, ?, ?, ?)');
  const insertOne = (p: PendingAction) =>
    insertAction.run(p.gameId, p.action.seq, JSON.stringify(p.action.action), p.action.at);
  const insertAll = sqlite.transaction((batch: readonly PendingAction[]) => {
    for (const p of batch) insertOne(p);
  });
  const commit = (batch: PendingAction[]) => {
    try {
      const started = performance.now();
      insertAll.immediate(batch);
      commitTimes?.observe((performance.now() - started) / 1000);
      health?.succeeded();
      for (const p of batch) p.done();
    } catch {
      // One bad row (a taken seq) must not fail the others: store them one by one.
      for (const p of batch) {
        try {
          insertOne(p);
          health?.succeeded();
          p.done();
        } catch (error) {
          health?.failed(error);
          p.failed(isSeqTaken(error) ? new SeqTakenError(p.gameId, p.action.seq) : error);
        }
      }
    }
  };
  const enqueue = groupCommits<PendingAction>(mostPerCommit(sync), commit, gate);

  return {
    ...sharedGames(sqliteStore(db)),
    async create(row, heldBy) {
      try {
        db.insert(games)
          .values({ ...row, heldBy: heldBy ?? null })
          .run();
      } catch (error) {
        // The games' one unique index besides the id is `games_daily_ranked`.
        if (isRankedTaken(error)) throw new RankedDailyTaken(row.playerId, row.dailyDate!);
        throw error;
      }
    },
    append(gameId, action) {
      return new Promise((done, failed) => enqueue({ gameId, action, done, failed }));
    },
    async finish(gameId, end, daily, fence) {
      return db.transaction((tx) => {
        checkFence(tx, fence);
        const changed = tx
          .update(games)
          .set(end)
          .where(and(eq(games.id, gameId), eq(games.status, 'playing')))
          .run().changes;
        if (changed === 0) return false;
        if (daily?.flag) {
          tx.insert(dailyFlagged).values(flaggedColumns(daily.result, daily.flag)).onConflictDoNothing().run();
        } else if (daily) {
          const { result, totals } = daily;
          const inserted = tx
            .insert(dailyResults)
            .values({ ...result, sortKey: dailySortKey(result) })
            .onConflictDoNothing()
            .run().changes;
          if (inserted > 0 && totals) {
            const before = tx.select().from(playerStats).where(eq(playerStats.playerId, result.playerId)).get();
            const after = totals(before);
            tx.insert(playerStats).values(after).onConflictDoUpdate({ target: playerStats.playerId, set: after }).run();
            const won = result.won ? 1 : 0;
            tx.insert(dailyCounts)
              .values({ date: result.date, played: 1, won })
              .onConflictDoUpdate({
                target: dailyCounts.date,
                set: { played: sql`${dailyCounts.played} + 1`, won: sql`${dailyCounts.won} + ${won}` },
              })
              .run();
          }
        }
        return true;
      }, IMMEDIATE);
    },
    // max(0, …): a clock set back while the server was down must not take time off anyone.
    async addDowntime(now, lastAlive) {
      const lastAction = sql`(SELECT max(${actions.at}) FROM ${actions} WHERE ${actions.gameId} = ${games.id})`;
      const raceLastAction = sql`(SELECT max(a.at) FROM ${actions} a JOIN ${games} g ON g.id = a.game_id WHERE g.race_id = ${races.id})`;
      const credit = sql`max(0, ${now} - max(${lastAlive}, coalesce(${lastAction}, 0)))`;
      db.transaction((tx) => {
        tx.update(games)
          .set({ pausedMs: sql`${games.pausedMs} + ${credit}`, closesAt: creditedClose(games, arenas, credit) })
          .where(eq(games.status, 'playing'))
          .run();
        tx.update(races)
          .set({
            pausedMs: sql`${races.pausedMs} + max(0, ${now} - max(${lastAlive}, coalesce(${raceLastAction}, 0)))`,
          })
          .where(eq(races.status, 'racing'))
          .run();
      }, IMMEDIATE);
    },
  };
}
