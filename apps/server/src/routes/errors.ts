import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ApiError, ErrorCode } from '@scorpion/protocol';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Clock } from '../clock.ts';
import { isStorageUnavailable, RETRY_AFTER_S } from '../repo/unavailable.ts';
import { OutageLog } from './outage-log.ts';

interface Answer {
  readonly status: number;
  readonly body: ApiError;
}

const answer = (status: number, error: ErrorCode, message: string): Answer => ({ status, body: { error, message } });

/** "in 40 s", "in 12 min", "in 5 h": when to try again, as a person reads it. */
export function tryAgainIn(seconds: number): string {
  if (seconds < 120) return `try again in ${seconds} s`;
  return seconds < 7200 ? `try again in ${Math.ceil(seconds / 60)} min` : `try again in ${Math.ceil(seconds / 3600)} h`;
}

/** A refusal for too many requests: `errorResponseBuilder` throws it, the error handler answers it. */
export class RateLimited extends Error {
  readonly statusCode = 429;
  readonly retryAfter: number;
  /** `what` says what there was too much of ("Too many requests" when it is nothing in particular). */
  constructor(retryAfter: number, what = 'Too many requests') {
    super(`${what}: ${tryAgainIn(retryAfter)}.`);
    this.retryAfter = retryAfter;
  }
}

const INTERNAL = answer(500, 'internal', 'Something went wrong; nothing was changed.');

/**
 * Fastify's own refusals, by code, in our words. Their text says what to fix and nothing about
 * the server; anything not named here that is not a client's fault is an `internal` error.
 */
function fastifyAnswer(error: Partial<FastifyError>, request: FastifyRequest): Answer | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return answer(400, 'bad-message', 'The body is not valid JSON (a "__proto__" or "constructor" key is refused).');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return answer(400, 'bad-message', 'A JSON body cannot be empty.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return answer(400, 'bad-message', 'The body does not match its Content-Length.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return answer(413, 'too-large', `The body is over ${request.routeOptions.bodyLimit ?? 'the limit of'} bytes.`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return answer(415, 'unsupported-media-type', 'Send the body as JSON (Content-Type: application/json).');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return answer(414, 'uri-too-long', 'A part of the path is too long.');
    case 'FST_ERR_BAD_URL':
      return answer(400, 'bad-message', 'The path is not a valid URL.');
    case 'FST_ERR_VALIDATION':
      return answer(400, 'bad-message', error.message ?? 'The request is not valid.');
    default:
      return undefined;
  }
}

/** The `{error, message}` answer for anything a route, a hook or Fastify itself threw. */
export function answerFor(error: Partial<FastifyError>, request: FastifyRequest): Answer {
  if (error instanceof RateLimited)
    return { status: 429, body: { ...answer(429, 'rate-limited', error.message).body, retryAfter: error.retryAfter } };
  const known = fastifyAnswer(error, request);
  if (known) return known;
  if (isStorageUnavailable(error)) {
    const body = answer(
      503,
      'unavailable',
      'The server cannot save just now; nothing was changed: try again in a moment.',
    );
    return { status: 503, body: { ...body.body, retryAfter: RETRY_AFTER_S } };
  }
  const status = error.statusCode ?? 500;
  // Another client error from a plugin: its status stands, its text does not travel.
  if (status >= 400 && status < 500) return answer(status, 'bad-message', `${STATUS_CODES[status] ?? 'Refused'}.`);
  return INTERNAL;
}

function send(reply: FastifyReply, { status, body }: Answer) {
  if (body.retryAfter !== undefined) reply.header('retry-after', body.retryAfter);
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** Fastify's option for the errors it meets before any route runs (a bad URL, a path part too long). */
export const frameworkErrors: FastifyServerOptions['frameworkErrors'] = (error, request, reply) => {
  void send(reply, answerFor(error, request));
};

/**
 * Fastify's option for requests Node cannot even read as HTTP: the same shape, written by hand
 * on the socket as Fastify's default does (there is no reply object yet).
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, answer(408, 'bad-message', 'The request took too long to arrive.').body]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, answer(431, 'too-large', 'The request headers are too large.').body]
        : [400, answer(400, 'bad-message', 'The request is not valid HTTP.').body];
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(text)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}

/**
 * Every error leaves as `{error, message}` (see `ApiError`), Fastify's own included; a server
 * fault is logged here as an error with its stack and answered without it; storage out of reach
 * (503 `unavailable`, retryable) is expected, and told as a warning once a minute at most
 * (`OutageLog`, on `now`). Once shutdown has begun (`closing.draining`) every request is a 503
 * `unavailable`, so a load balancer moves on at once.
 */
export function answerErrorsAsApiErrors(
  app: FastifyInstance,
  closing: { readonly draining: boolean },
  now: Clock,
): void {
  const outage = new OutageLog(now);
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing.draining) return;
    reply.header('connection', 'close');
    return send(reply, answer(503, 'unavailable', 'The server is restarting: try again in a moment.'));
  });
  app.setErrorHandler((error: Partial<FastifyError>, request, reply) => {
    const found = answerFor(error, request);
    if (found.body.error === 'unavailable') outage.refused(request.log, error);
    else if (found.status >= 500) request.log.error({ err: error }, 'request failed');
    return send(reply, found);
  });
}
