import fp from 'fastify-plugin';
import { ArenaDeals } from '../arenas/deal-sequence.ts';
import { ArenaPages } from '../arenas/pages.ts';
import { ArenaService } from '../arenas/service.ts';
import { ArenaTables } from '../cluster/adapters/arena-tables.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Arenas over the socket: join, the next deal, leave, watch; and their clock. */
    arenas: ArenaService;
    /** Arenas over REST: the schedule, an arena's page and table, a player's history, a private arena made. */
    arenaPages: ArenaPages;
  }
}

export interface ArenasOptions {
  /** How often (wall time) the arenas' clock is looked at; 0: only when a test calls `arenas.tick()`. */
  readonly tickMs?: number | undefined;
}

/** How often deals past their limit and arenas past their end are looked for: the standings' own pace. */
export const ARENA_TICK_MS = 1000;

/**
 * Arenas (issue #35): their deals, dealt as games the arena owns here, their standings pushed to
 * this process's sockets, and the clock that times deals out and ends arenas. On start, every
 * arena whose final table is not stored is taken up again from storage, once the downtime is
 * credited (`plugins/restore.ts`).
 */
export const arenasPlugin = fp<ArenasOptions>(
  async (app, options) => {
    const { repos, games, now, connections, certifier, deals, redis } = app;
    const log = (error: unknown, what: string) => app.log.error({ err: error }, what);
    // In a cluster the standings are shared through Redis (docs/scaling.md), storage the truth.
    const shared =
      app.nodeId && redis
        ? new ArenaTables({
            redis: redis.commands,
            repos,
            now,
            failed: (error, what) => app.log.warn({ err: error }, what),
          })
        : undefined;
    const arenaDeals = new ArenaDeals(app.secret, certifier, repos.arenas, deals.arena?.bind(deals));
    const service = new ArenaService({
      repos,
      games,
      deals: arenaDeals,
      now,
      send: (playerId, message) => connections.send(playerId, message),
      sendFrame: (playerId, frame) => connections.sendFrame(playerId, frame),
      connected: (playerId) => connections.connected(playerId),
      clustered: Boolean(app.nodeId),
      shared,
      log,
    });
    const pages = new ArenaPages({ repos, deals: arenaDeals, now, find: (id) => service.find(id) });
    app.decorate('arenas', service);
    app.decorate('arenaPages', pages);

    const tickMs = options.tickMs ?? ARENA_TICK_MS;
    let sweeping = false;
    const sweep =
      tickMs > 0
        ? setInterval(() => {
            if (sweeping) return;
            sweeping = true;
            service.tick().finally(() => {
              sweeping = false;
            });
          }, tickMs)
        : undefined;
    sweep?.unref();
    app.addHook('onClose', async () => {
      clearInterval(sweep);
      service.stop();
    });
  },
  { name: 'arenas', dependencies: ['basics', 'redis', 'storage', 'deals', 'realtime', 'play', 'races'] },
);
