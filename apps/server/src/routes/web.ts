import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { previewOf, withPreview } from './linkPreview.ts';
import { withPreloads } from './preload.ts';
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
/** The paths with a link preview of their own. */
const SHARED = /^\/(?:daily|leaderboards|[rcp]\/[^/]+)$/;

/**
 * The built web app, so one process on one port is the whole service. Any path that is not an
 * API call and not a file (`/r/CODE`, `/daily`, `/practice`) gets `index.html`: the app routes it.
 *
 * The build writes a Brotli (`.br`) and a gzip (`.gz`) copy beside each text file
 * (apps/web/vite.config.ts); `preCompressed` sends the one the browser's `Accept-Encoding`
 * prefers, and the file itself to a client that accepts neither. ETag and Last-Modified come
 * from the file sent, so a revalidated `index.html` is a 304; the hashed files under `assets/`
 * go without them.
 *
 * The pages people share (a room, a challenge, a daily, a profile) get the shell with their own
 * link preview in its head (`linkPreview.ts`), for the chat apps that read it.
 */
export async function webRoutes(app: FastifyInstance, { webDist }: { webDist: string }) {
  const built = existsSync(join(webDist, 'index.html'));
  const shell = built ? readFileSync(join(webDist, 'index.html'), 'utf8') : '';
  if (built) {
    // Both halves: Brotli or gzip from the copies beside each file, which are other encodings of
    // their file, never URLs of their own; a route per file; our own cache-control.
    const files = (cache: string, ignore: string[] = []) => ({
      wildcard: false,
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz', ...ignore],
      cacheControl: false,
      setHeaders: (reply: FastifyReply) => {
        reply.header('cache-control', cache);
      },
    });
    await app.register(fastifyStatic, { root: webDist, index: ['index.html'], ...files(REVALIDATE, ['assets/**']) });
    // A hashed file is never asked again, so nothing to revalidate it by (ETag, Last-Modified)
    // and no ranges of a script: about 95 bytes fewer on each, 0.9 kB of a first visit's nine.
    await app.register(fastifyStatic, {
      root: join(webDist, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      etag: false,
      lastModified: false,
      acceptRanges: false,
      ...files(IMMUTABLE),
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0]!;
    // A missing asset (a chunk of an older build, say) is a 404, not the app shell posing as script.
    // HEAD answers as GET does (link checkers and uptime probes ask it), without the body.
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (!read || path.startsWith('/api/') || path.startsWith('/assets/') || path === '/ws') {
      return fail(reply, 404, 'not-found', `No route for ${request.method} ${path}.`);
    }
    const preview = built && SHARED.test(path) ? await previewOf(app, path, queryOf(request.url)) : undefined;
    if (preview) {
      return sendPage(
        request,
        reply,
        withPreloads(withPreview(shell, preview, `${request.protocol}://${request.host}`, request.url), path),
      );
    }
    if (built) return reply.type('text/html').sendFile('index.html');
    return reply.type('text/html').header('cache-control', REVALIDATE).send(NOT_BUILT);
  });
}

function queryOf(url: string): URLSearchParams {
  const at = url.indexOf('?');
  return new URLSearchParams(at < 0 ? '' : url.slice(at + 1));
}

/**
 * A page made for this request (the shell with a link preview) travels as the built one does:
 * Brotli or gzip as the browser asks, revalidated every visit, a 304 when unchanged.
 */
function sendPage(request: FastifyRequest, reply: FastifyReply, html: string) {
  const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE).header('vary', 'accept-encoding');
  reply.header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) {
    const br = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(br);
  }
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}
