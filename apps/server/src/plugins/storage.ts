import fp from 'fastify-plugin';
import { DailyRanks } from '../cluster/adapters/daily-ranks.ts';
import { withRankUpdates } from '../cluster/adapters/rank-updates.ts';
import { serverSecret } from '../identity/secret.ts';
import { pgRepos } from '../repo/postgres/index.ts';
import { sqliteRepos } from '../repo/sqlite/index.ts';
import type { Repos } from '../repo/types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repos;
    /** The daily boards' ranks from Redis, when it is on. */
    ranks: DailyRanks | undefined;
    /** Signs cookies and seeds the daily deals. */
    secret: string;
  }
}

export interface StorageOptions {
  readonly databasePath: string;
  readonly databaseSync?: 'normal' | 'full' | undefined;
  readonly databaseUrl?: string | undefined;
  readonly secret?: string | undefined;
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
      ? await pgRepos(options.databaseUrl, metrics.sqliteCommit)
      : sqliteRepos(options.databasePath, options.databaseSync, metrics.sqliteCommit, metrics.walHold);
    const ranks = redis && new DailyRanks({ redis: redis.commands, repos: stored, now });
    const repos = ranks
      ? withRankUpdates(stored, ranks, (error) => app.log.warn({ err: error }, 'rank not added'))
      : stored;
    app.decorate('repos', repos);
    app.decorate('ranks', ranks);
    app.decorate('secret', await serverSecret(repos.settings, options.secret));
    app.addHook('onClose', async () => repos.close());
  },
  { name: 'storage', dependencies: ['basics', 'redis'] },
);
