import fp from 'fastify-plugin';
import { healthRoutes, solverReadiness } from '../ops/health.ts';
import { metricsRoute } from '../ops/metrics-route.ts';

/** `/healthz`, `/readyz`, `/api/health` and `/metrics`, with what the metrics watch. */
export const opsPlugin = fp<{ metricsToken?: string | undefined }>(
  async (app, options) => {
    const { repos, redis, solver, metrics, connections, queue } = app;
    metrics.watch({
      connectedPlayers: () => connections.players(),
      openSockets: () => app.websocketServer.clients.size,
      activeRaces: async () => (await repos.races.running()).length,
      quickQueue: async () => (await queue.waiting()).length,
    });
    await app.register(healthRoutes, {
      nodeId: app.nodeId,
      now: app.now,
      ready: async () => {
        const database = await repos.ready();
        if (!database.ok) return database;
        return solverReadiness(solver?.health());
      },
      // Redis holds only what can be rebuilt and every use of it has a way on without it, so a
      // process that cannot reach it still takes players: it says so beside the answer.
      // The embedded file says whether it takes writes (`storage`); when it does not, `ready`
      // has already answered 503 with why.
      engines: async () => ({
        ...(redis ? { redis: (await redis.ping()) ? 'up' : 'down' } : {}),
        ...(repos.storage ? { storage: repos.storage() } : {}),
      }),
    });
    await app.register(metricsRoute, { metrics, token: options.metricsToken });
  },
  { name: 'ops', dependencies: ['basics', 'redis', 'storage', 'deals', 'realtime', 'queue', 'socket'] },
);
