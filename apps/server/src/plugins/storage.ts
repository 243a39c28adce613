import type Database from 'better-sqlite3';
import fp from 'fastify-plugin';
import { DailyRanks } from '../cluster/adapters/daily-ranks.ts';
import { withRankUpdates } from '../cluster/adapters/rank-updates.ts';
import { serverSecret } from '../identity/secret.ts';
import { pgRepos } from '../repo/postgres/index.ts';
import { sqliteRepos } from '../repo/sqlite/index.ts';
import type { BoardRow, Repos } from '../repo/types.ts';
import { forgettingRanks, OwnRankCache } from '../routes/rank-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repos;
    /** The daily boards' ranks from Redis, when it is on. */
    ranks: DailyRanks | undefined;
    /** A player's own row on a day's board, with its rank: from Redis when it is on, else cached here. */
    ownRank: (date: string, playerId: string) => Promise<BoardRow | undefined>;
    /** Signs cookies and seeds the daily deals. */
    secret: string;
  }
}

export interface StorageOptions {
  readonly databasePath: string;
  readonly databaseSync?: 'normal' | 'full' | undefined;
  readonly databaseUrl?: string | undefined;
  readonly secret?: string | undefined;
  /** Test seam: opens the SQLite connection (db/open.ts `StorageWatching`). */
  readonly openSqlite?: ((path: string) => Database.Database) | undefined;
}

/**
 * The repositories on SQLite, or on PostgreSQL in cluster mode (migrated before they return),
 * with every daily result also ranked in Redis when it is on; the server's secret, kept in them
 * when none is given. They close last, after every plugin that writes.
 */
export const storagePlugin = fp<StorageOptions>(
  async (app, options) => {
    const { metrics, now, redis } = app;
    const stored = options.databaseUrl
      ? await pgRepos(options.databaseUrl, { commitTimes: metrics.commitTimes, onGroup: metrics.groupWait })
      : sqliteRepos(options.databasePath, options.databaseSync, metrics.commitTimes, metrics.walHold, {
          ...(options.openSqlite ? { open: options.openSqlite } : {}),
          // One line when the file stops taking writes and one when it takes them again, however
          // many moves are refused between (each is answered `unavailable`, logged at debug).
          onChange: (storage, error) => {
            if (storage === 'up') app.log.info({ storage }, 'the database file takes writes again');
            else
              app.log.error(
                { storage, err: error, path: options.databasePath },
                'the database file refuses writes: moves are refused (unavailable) and /readyz answers 503 until it takes them',
              );
          },
          onCheckpointFailure: (error) => app.log.error({ err: error }, 'WAL checkpoint failed'),
        });
    const ranks = redis && new DailyRanks({ redis: redis.commands, repos: stored, now });
    // Without Redis, the ranks are cached in this process alone: no other process to tell of a hold.
    const cached = new OwnRankCache(stored.boards, now);
    const repos = ranks
      ? withRankUpdates(stored, ranks, (error) => app.log.warn({ err: error }, 'rank not added'))
      : forgettingRanks(stored, cached);
    app.decorate('repos', repos);
    app.decorate('ranks', ranks);
    app.decorate('ownRank', ranks ? ranks.rankOf.bind(ranks) : cached.rankOf.bind(cached));
    app.decorate('secret', await serverSecret(repos.settings, options.secret));
    app.addHook('onClose', async () => repos.close());
  },
  { name: 'storage', dependencies: ['basics', 'redis'] },
);
