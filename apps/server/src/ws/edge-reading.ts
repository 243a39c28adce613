import { RequestId, type ServerMessage } from '@scorpion/protocol';
import type { FastifyRequest } from 'fastify';
import type { RawData } from 'ws';

/*
 * What the socket edge reads off an upgrade or a frame before any handler runs, and how an
 * answer is paired with its request.
 */

/** A frame answering a request carries the request's id, if it had one; the frame itself is left as it is. */
export function answering(frame: ServerMessage, rid: string | undefined): ServerMessage {
  // A greeting, another racer's progress and an arena's end are never answers, and their schemas have no `rid`.
  if (
    rid === undefined ||
    frame.type === 'welcome' ||
    frame.type === 'watching' ||
    frame.type === 'early' ||
    frame.type === 'race-progress' ||
    frame.type === 'arena-over'
  )
    return frame;
  return { ...frame, rid };
}

/** The `rid` of a frame zod refused, if that much of it is a valid id, so even its error is paired with it. */
export function requestIdOf(json: unknown): string | undefined {
  const rid = typeof json === 'object' && json !== null && 'rid' in json ? json.rid : undefined;
  const parsed = RequestId.safeParse(rid);
  return parsed.success ? parsed.data : undefined;
}

/**
 * A browser always sends `Origin` on an upgrade, so a page on another site cannot ride the
 * player's cookie into our socket. Clients that are not browsers send none and are let in.
 */
export function originAllowed(request: FastifyRequest, allowed: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/** The room a socket is for (`?room=CODE`, as the client sends it on a room page). */
export function roomOf(request: FastifyRequest): string | undefined {
  const room = (request.query as Record<string, unknown> | undefined)?.room;
  return typeof room === 'string' && /^[A-Z0-9]{1,12}$/i.test(room) ? room.toUpperCase() : undefined;
}

/** A visitor's socket, which watches a room without a name (`?room=CODE&watch=1`). */
export function watchOf(request: FastifyRequest): boolean {
  return (request.query as Record<string, unknown> | undefined)?.watch === '1';
}

/** An early socket, opened by a page with no player yet (`?early=1`), until `identify` binds it. */
export function earlyOf(request: FastifyRequest): boolean {
  return (request.query as Record<string, unknown> | undefined)?.early === '1';
}

/** ws's errors for frames it refuses to read (it closes the socket itself). */
export const rejectedFrame = (error: Error & { code?: unknown }) =>
  error.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH'
    ? 'oversized'
    : typeof error.code === 'string' && error.code.startsWith('WS_ERR_')
      ? 'invalid-frame'
      : undefined;

/** A frame's JSON, or undefined when it is none: a socket that only pings refuses both alike. */
export function jsonOf(data: RawData): unknown {
  try {
    return JSON.parse(data.toString());
  } catch {
    return undefined;
  }
}
