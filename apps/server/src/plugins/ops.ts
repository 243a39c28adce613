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
        if (redis && !(await redis.ping())) return { ok: false, reason: 'redis unreachable' };
        return solverReadiness(solver?.health());
      },
    });
    await app.register(metricsRoute, { metrics, token: options.metricsToken });
  },
  { name: 'ops', dependencies: ['basics', 'redis', 'storage', 'deals', 'realtime', 'queue', 'socket'] },
);
