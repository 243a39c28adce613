import fastifyCookie from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { installDeviceCookie, type Seen, seenReader } from '../identity/device.ts';
import { answerErrorsAsApiErrors } from '../routes/errors.ts';
import { DEFAULT_LIMITS, installLimits, type Limits } from '../routes/limits.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where a request came from (address and device), as the daily's openings record it. */
    seenOf(request: FastifyRequest): Seen;
  }
}

/**
 * What every request meets before a route: errors as `ApiError`s (503 while shutting down),
 * JSON bodies only, the signed cookies and the device cookie, and the limits' hooks.
 */
export const httpPlugin = fp<{ limits?: Partial<Limits> | undefined }>(
  async (app, options) => {
    answerErrorsAsApiErrors(app, app.drain, app.now);
    // Every body is JSON: without this, Fastify reads text/plain as a string, and a JSON body sent
    // as text/plain got a puzzling "expected object, received string" instead of 415.
    app.removeContentTypeParser('text/plain');
    await app.register(fastifyCookie, { secret: app.secret });
    installDeviceCookie(app);
    await installLimits(app, { ...DEFAULT_LIMITS, ...options.limits }, app.redis?.commands);
    app.decorate('seenOf', seenReader(app.secret));
  },
  { name: 'http', dependencies: ['basics', 'redis', 'storage'] },
);
