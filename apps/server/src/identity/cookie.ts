import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PlayerRow, PlayersRepo } from '../repo/types.ts';
import { hashToken } from './token.ts';

export const COOKIE = 'scorpion_id';
const TEN_YEARS_S = 10 * 365 * 24 * 3600;

/** The identity cookie: signed with the server secret, httpOnly, SameSite=Strict. */
export function setIdentityCookie(reply: FastifyReply, token: string): void {
  reply.setCookie(COOKIE, token, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    secure: 'auto',
    path: '/',
    maxAge: TEN_YEARS_S,
  });
}

/** Forgets the identity on this device (it was signed out). */
export function clearIdentityCookie(reply: FastifyReply): void {
  reply.clearCookie(COOKIE, { path: '/' });
}

/**
 * The hash of the token in the request's cookie, if the cookie is there and signed by us: it
 * stands for one player, without reading the database (limits count by it).
 */
export function tokenHashOf(request: FastifyRequest): string | undefined {
  const raw = request.cookies[COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? hashToken(unsigned.value) : undefined;
}

/** The player behind the request's cookie, if the cookie is there, signed by us and known. */
export async function playerOf(request: FastifyRequest, players: PlayersRepo): Promise<PlayerRow | undefined> {
  const hash = tokenHashOf(request);
  return hash ? players.byTokenHash(hash) : undefined;
}
