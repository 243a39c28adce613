import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { prometheusContentType } from 'prom-client';
import { fail } from '../routes/reply.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether an `Authorization` header carries `Bearer <token>`. Both sides are hashed first, so
 * the comparison takes the same time whatever the length or content of a wrong guess.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? '');
  return timingSafeEqual(sha256(match?.[1] ?? ''), sha256(token)) && match !== null;
}

/**
 * `GET /metrics` in the Prometheus text format, for whoever holds `METRICS_TOKEN`. Without a
 * token configured the route answers 404 like any unknown API path: metrics are off.
 */
export async function metricsRoute(
  app: FastifyInstance,
  opts: { metrics: { expose(): Promise<string> }; token: string | undefined },
) {
  const { metrics, token } = opts;
  app.get('/metrics', async (request, reply) => {
    if (!token) return fail(reply, 404, 'not-found', 'No route for GET /metrics.');
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      return fail(reply, 401, 'unauthorized', 'Metrics need the header Authorization: Bearer <METRICS_TOKEN>.');
    }
    return reply
      .type(prometheusContentType)
      .header('cache-control', 'no-store')
      .send(await metrics.expose());
  });
}
