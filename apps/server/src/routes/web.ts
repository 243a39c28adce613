import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { fail } from './reply.ts';

const NOT_BUILT = `<!doctype html>
<meta charset="utf-8">
<title>Scorpion Race</title>
<h1>Scorpion Race</h1>
<p>The server is running, but the web app has not been built yet.
Run <code>pnpm --filter @scorpion/web build</code> (or <code>pnpm start</code> from the repository root).</p>
`;

/** Vite names every file under `assets/` by a hash of its content: a new build is a new name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** `index.html` names the current build's assets, so a browser asks again every time (a 304 when unchanged). */
export const REVALIDATE = 'no-cache';

/**
 * The built web app, so one process on one port is the whole service. Any path that is not an
 * API call and not a file (`/r/CODE`, `/daily`, `/practice`) gets `index.html`: the app routes it.
 *
 * The build writes a Brotli (`.br`) and a gzip (`.gz`) copy beside each text file
 * (apps/web/vite.config.ts); `preCompressed` sends the one the browser's `Accept-Encoding`
 * prefers, and the file itself to a client that accepts neither. ETag and Last-Modified come
 * from the file sent, so a revalidated `index.html` is a 304.
 */
export async function webRoutes(app: FastifyInstance, { webDist }: { webDist: string }) {
  const built = existsSync(join(webDist, 'index.html'));
  const hashed = join(webDist, 'assets') + sep;
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      // The compressed copies are other encodings of their file, never URLs of their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply: FastifyReply, path: string) => {
        reply.header('cache-control', path.startsWith(hashed) ? IMMUTABLE : REVALIDATE);
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    // A missing asset (a chunk of an older build, say) is a 404, not the app shell posing as script.
    // HEAD answers as GET does (link checkers and uptime probes ask it), without the body.
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (!read || path.startsWith('/api/') || path.startsWith('/assets/') || path === '/ws') {
      return fail(reply, 404, 'not-found', `No route for ${request.method} ${path}.`);
    }
    if (built) return reply.type('text/html').sendFile('index.html');
    return reply.type('text/html').header('cache-control', REVALIDATE).send(NOT_BUILT);
  });
}
