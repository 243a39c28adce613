import fp from 'fastify-plugin';
import { RedisQueueStore } from '../cluster/adapters/queue-store.ts';
import { MATCH_EVERY_MS } from '../queue/matching.ts';
import { QuickQueue } from '../queue/service.ts';
import { MemoryQueueStore } from '../queue/store.ts';
import { isStorageUnavailable } from '../repo/unavailable.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** "Race someone now": the quick-race queue. */
    queue: QuickQueue;
  }
}

export interface QueueOptions {
  /** How often the queue is looked at; 0: only when a test calls `queue.tick()`. */
  readonly tickMs?: number | undefined;
  readonly ghostOfferMs?: number | undefined;
}

/** The quick-race queue, looked at on a timer; a player who leaves every socket leaves it. */
export const queuePlugin = fp<QueueOptions>(
  async (app, options) => {
    const redis = app.redis;
    const queue = new QuickQueue({
      repos: app.repos,
      games: app.games,
      hub: app.hub,
      challenges: app.challenges,
      // In cluster mode the queue is Redis's, so one entry per player holds on every process.
      store: redis ? new RedisQueueStore(redis.commands) : new MemoryQueueStore(),
      push: app.push,
      online: () => app.online(),
      now: app.now,
      nodeId: app.nodeId ?? 'embedded',
      ghostOfferMs: options.ghostOfferMs,
      log: (error, what) => app.log.warn({ err: error }, what),
    });
    app.presence.listen((playerId) => queue.presenceChanged(playerId));
    app.decorate('queue', queue);
    const tickMs = options.tickMs ?? MATCH_EVERY_MS;
    // The queue out of reach (Redis away) is said once, not at every look, until a look passes.
    let outOfReach = false;
    const look = () =>
      queue.tick().then(
        () => {
          outOfReach = false;
        },
        (error: unknown) => {
          if (!isStorageUnavailable(error)) return app.log.error({ err: error }, 'quick-race queue look failed');
          if (!outOfReach) app.log.warn({ err: error }, 'quick-race queue out of reach; looking again meanwhile');
          outOfReach = true;
        },
      );
    const timer = tickMs > 0 ? setInterval(look, tickMs) : undefined;
    timer?.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'queue', dependencies: ['basics', 'redis', 'storage', 'realtime', 'play', 'races', 'challenges'] },
);
