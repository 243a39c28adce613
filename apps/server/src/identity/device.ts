import { createHmac, randomBytes } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The device cookie: a random id for the browser, apart from the player cookie (which a player
 * clears to become someone else, or moves to another device with a passkey). It names the device,
 * not the player: a result is flagged when another identity opened the same day's deal on it.
 * Signed, httpOnly, ten years; set on any `/api/` answer that did not bring one.
 */
export const DEVICE_COOKIE = 'scorpion_device';
const TEN_YEARS_S = 10 * 365 * 24 * 3600;

/** Where a request came from, as the daily's openings record it. */
export interface Seen {
  /** A keyed hash of the address (an IPv6 address by its /64): the address itself is never stored. */
  readonly address: string;
  /** The device cookie's id; '' when the client sent none (a script, the CLI). */
  readonly device: string;
}

/** The device id in the request's cookie, if it is there and signed by us. */
export function deviceOf(request: FastifyRequest): string | undefined {
  const raw = request.cookies[DEVICE_COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}

/** Gives every browser that talks to the API a device id, before it opens its socket. */
export function installDeviceCookie(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || deviceOf(request)) return;
    reply.setCookie(DEVICE_COOKIE, randomBytes(16).toString('base64url'), {
      signed: true,
      httpOnly: true,
      sameSite: 'strict',
      secure: 'auto',
      path: '/',
      maxAge: TEN_YEARS_S,
    });
  });
}

/** The request's address as Fastify reads it (through `trustProxy`), an IPv6 address by its /64. */
export function requestAddress(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

/** How `Seen` is read from a request: its address hashed under the server secret. */
export function seenReader(secret: string): (request: FastifyRequest) => Seen {
  return (request) => ({
    address: createHmac('sha256', secret).update(requestAddress(request)).digest('base64url').slice(0, 22),
    device: deviceOf(request) ?? '',
  });
}
