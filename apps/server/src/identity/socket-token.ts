import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { refuse } from '../refusal.ts';

/** How long a socket token binds: the page sends it the moment its sign-up is answered. */
export const SOCKET_TOKEN_MS = 10_000;

/** What a socket token grants: one early socket bound to one player, on the device of one cookie. */
export interface SocketGrant {
  readonly playerId: string;
  /** The hash of the player's cookie token: the socket is counted and signed out with that device. */
  readonly tokenHash: string;
  /** The early socket it was made for (its `early` greeting's `socket`). */
  readonly socket: string;
  /** The device cookie's id the sign-up came with ('' without one): the daily records openings by it. */
  readonly device: string;
}

export const BAD_SOCKET_TOKEN = refuse(
  'bad-socket-token',
  'That token does not bind this socket (wrong, expired, made for another socket, or used already): nothing changed.',
);

/**
 * Tokens that bind an early socket (`/ws?early=1`) to the player a sign-up just made. Signed
 * with the server's secret and stateless, so that any process of a cluster reads what another
 * made. A token names its socket, and a socket's id is random and never comes again: it binds
 * that socket and no other, and a socket is bound at most once, so a token is good once. It
 * expires `ttlMs` after it was made, by the server's (injectable) clock.
 */
export class SocketTokens {
  readonly #secret: string;
  readonly #now: () => number;
  readonly #ttlMs: number;

  constructor(secret: string, now: () => number, ttlMs = SOCKET_TOKEN_MS) {
    this.#secret = secret;
    this.#now = now;
    this.#ttlMs = ttlMs;
  }

  /** A new early socket's id. */
  static socketId(): string {
    return randomUUID();
  }

  make(grant: SocketGrant): string {
    const body = Buffer.from(
      JSON.stringify({
        p: grant.playerId,
        k: grant.tokenHash,
        s: grant.socket,
        d: grant.device,
        e: this.#now() + this.#ttlMs,
      }),
    ).toString('base64url');
    return `${body}.${this.#sign(body)}`;
  }

  /** The grant `token` carries for `socket`, if the server made it for that socket and it has not expired. */
  read(token: string, socket: string): SocketGrant | undefined {
    const [body, mac, extra] = token.split('.');
    if (!body || !mac || extra !== undefined) return undefined;
    const expected = Buffer.from(this.#sign(body));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
    const { p, k, s, d, e } = claims;
    if (typeof p !== 'string' || typeof k !== 'string' || typeof d !== 'string' || typeof e !== 'number') {
      return undefined;
    }
    if (s !== socket || this.#now() > e) return undefined;
    return { playerId: p, tokenHash: k, socket, device: d };
  }

  #sign(body: string): string {
    return createHmac('sha256', this.#secret).update(`socket-token:${body}`).digest('base64url');
  }
}
