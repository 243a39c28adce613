import type { ApiError, ErrorCode, ServerMessage } from '@scorpion/protocol';
import type { FastifyReply } from 'fastify';
import type { Refusal } from './refusal.ts';

/*
 * The one road a refusal takes out of the server: to a socket as an `error` frame, or to a
 * REST client as an `ApiError` with its HTTP status. Every "no" the services, the socket edge
 * and the routes give leaves through here, so both shapes carry the same fields.
 */

/** What an `error` frame answers: the client message's type, and the game it names. */
export interface Answering {
  readonly ref?: string | null;
  readonly gameId?: string | null;
}

export function refusalFrame(refusal: Refusal, answering: Answering = {}): ServerMessage {
  return {
    type: 'error',
    code: refusal.code,
    message: refusal.message,
    ref: answering.ref ?? null,
    gameId: answering.gameId ?? null,
    reason: refusal.reason ?? null,
    game: refusal.game ?? null,
    ...(refusal.retryAfter === undefined ? {} : { retryAfter: refusal.retryAfter }),
  };
}

/**
 * The HTTP status a REST reply gives a refusal: what is missing is 404, what is someone else's
 * or not yet theirs to see 403, a malformed request 400, anything else a conflict with the state.
 */
const STATUS: Partial<Record<ErrorCode, 400 | 403 | 404>> = {
  'no-such-game': 404,
  'no-such-challenge': 404,
  'not-found': 404,
  'no-such-export': 404,
  'no-such-puzzle': 404,
  'no-puzzles-left': 404,
  'puzzle-no-change': 400,
  'bad-month': 400,
  'not-your-game': 403,
  'challenge-not-finished': 403,
  'nickname-invalid': 400,
  'report-self': 400,
  'no-such-arena': 404,
  'arena-bad-name': 400,
  'arena-start-past': 400,
  'arena-start-too-far': 400,
  'arena-bad-length': 400,
};

export function statusOf(refusal: Refusal): number {
  return STATUS[refusal.code] ?? 409;
}

/** A refusal as a REST reply: its status (the code's, unless the route knows better) and `{error, message}`. */
export function refusalReply(reply: FastifyReply, refusal: Refusal, status = statusOf(refusal)) {
  const { code, message, retryAfter } = refusal;
  const body: ApiError = retryAfter === undefined ? { error: code, message } : { error: code, message, retryAfter };
  if (retryAfter !== undefined) reply.header('retry-after', retryAfter);
  return reply.code(status).send(body);
}
