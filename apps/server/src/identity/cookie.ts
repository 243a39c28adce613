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

/** The player behind the request's cookie, if the cookie is there, signed by us and known. */
export async function playerOf(request: FastifyRequest, players: PlayersRepo): Promise<PlayerRow | undefined> {
  const raw = request.cookies[COOKIE];
  if (!raw) return undefined;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return undefined;
  return players.byTokenHash(hashToken(unsigned.value));
}
