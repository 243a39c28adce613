/**
 * The nickname rules the form can check by itself (the server's `checkNickname` holds them all,
 * and alone knows which names are taken): said before anything is sent, as the player types.
 */
import { m } from '../paraglide/messages.js';

const ALLOWED = /^[\p{L}\p{M}\p{Nd} _.-]+$/u;

export function nicknameProblem(raw: string): string | undefined {
  const nickname = raw.trim().replace(/ {2,}/g, ' ');
  const length = [...nickname].length;
  if (length < 2 || length > 20) return m.nick_problem_length();
  if (!ALLOWED.test(nickname)) return m.error_nickname_invalid();
  if (!/[\p{L}\p{Nd}]/u.test(nickname)) return m.nick_problem_needs_letter();
  return undefined;
}
