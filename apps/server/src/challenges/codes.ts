import { randomBytes } from 'node:crypto';

/** A challenge link's code: 72 random bits, so that nobody finds a link by trying codes. */
export function newChallengeCode(): string {
  return randomBytes(9).toString('base64url');
}
