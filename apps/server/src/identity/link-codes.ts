import { createHash, randomInt } from 'node:crypto';
import type { Clock } from '../clock.ts';
import type { Repos } from '../repo/types.ts';

/** How long a link code works. */
export const LINK_CODE_MS = 10 * 60_000;

/**
 * Crockford's base32: no I, L, O or U, so a code read off one screen and typed on another cannot
 * be misread; 8 of them are 40 bits, against at most a few guesses a minute per address.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 8;

/** A new code, shown in two groups of four (`K7QM-2XPD`). */
export function newLinkCode(): string {
  const chars = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
}

/**
 * The code as typed, in its one stored form: any case, spaces and dashes dropped, and the
 * letters Crockford reads as digits (O as 0, I and L as 1) read so. Undefined when it cannot be a code.
 */
export function normalizeLinkCode(typed: string): string | undefined {
  const code = typed
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  return code.length === LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : undefined;
}

/** Only the code's hash is stored, as with cookie tokens. */
const keyOf = (code: string) => createHash('sha256').update(`link:${code}`).digest('hex');

/**
 * One-time codes that sign another device in as the player who made them: single use (taken by
 * one DELETE in the database, whichever process is asked), valid `LINK_CODE_MS`. Never logged:
 * the code travels in request bodies only (and in a QR code's URL fragment, which no request carries).
 */
export class LinkCodes {
  private readonly repos: Pick<Repos, 'oneTimeKeys'>;
  private readonly now: Clock;

  constructor(repos: Pick<Repos, 'oneTimeKeys'>, now: Clock) {
    this.repos = repos;
    this.now = now;
  }

  async create(playerId: string): Promise<{ code: string; expiresAt: number }> {
    const code = newLinkCode();
    const expiresAt = this.now() + LINK_CODE_MS;
    await this.repos.oneTimeKeys.put({ key: keyOf(normalizeLinkCode(code)!), kind: 'link', playerId, expiresAt });
    return { code, expiresAt };
  }

  /** The player whose code this is, once; undefined when it is wrong, used or expired. */
  async redeem(typed: string): Promise<string | undefined> {
    const code = normalizeLinkCode(typed);
    if (!code) return undefined;
    const taken = await this.repos.oneTimeKeys.take(keyOf(code), 'link', this.now());
    return taken?.playerId ?? undefined;
  }
}
