import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { fail } from './reply.ts';

const NOT_BUILT = `<!doctype html>
<meta charset="utf-8">
<title>Scorpion Race</title>
<h1>Scorpion Race</h1>
<p>The server is running, but the web app has not been built yet.
Run <code>pnpm --filter @scorpion/web build</code> (or <code>pnpm start</code> from the repository root).</p>
`;

/**
 * The built web app, so one process on one port is the whole service. Any path that is not an
 * API call and not a file (`/r/CODE`, `/daily`, `/practice`) gets `index.html`: the app routes it.
 */
export async function webRoutes(app: FastifyInstance, { webDist }: { webDist: string }) {
  const built = existsSync(join(webDist, 'index.html'));
  if (built) await app.register(fastifyStatic, { root: webDist, wildcard: false, index: ['index.html'] });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    if (request.method !== 'GET' || path.startsWith('/api/') || path === '/ws') {
      return fail(reply, 404, 'not-found', `No route for ${request.method} ${path}.`);
    }
    if (built) return reply.type('text/html').sendFile('index.html');
    return reply.type('text/html').send(NOT_BUILT);
  });
}
