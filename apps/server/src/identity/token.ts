import { createHash, randomBytes } from 'node:crypto';

/** A long random identity token; only its hash is stored, so a database leak grants nothing. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Short random ids for players, games and races. */
export function newId(): string {
  return randomBytes(12).toString('base64url');
}
