import type { FastifyInstance } from 'fastify';
import type { Readiness } from '../repo/types.ts';

/**
 * `/healthz`: the process serves HTTP (a container's liveness check). `/readyz`: it can take
 * players (the repository's `ready()`), 503 with the reason otherwise. Once shutdown begins, Fastify
 * answers every request, these included, with 503 until the port closes, so a load balancer
 * stops sending players at once.
 */
export async function healthRoutes(app: FastifyInstance, opts: { ready: () => Promise<Readiness> }) {
  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ ok: true }));
  app.get('/readyz', async (_request, reply) => {
    const state = await opts.ready();
    return reply
      .code(state.ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(state);
  });
}
