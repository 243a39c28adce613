/**
 * The nickname rules the form can check by itself (the server's `checkNickname` holds them all,
 * and alone knows which names are taken): said before anything is sent, as the player types.
 */
const ALLOWED = /^[\p{L}\p{M}\p{Nd} _.-]+$/u;

export function nicknameProblem(raw: string): string | undefined {
  const nickname = raw.trim().replace(/ {2,}/g, ' ');
  const length = [...nickname].length;
  if (length < 2 || length > 20) return 'A nickname has 2 to 20 characters.';
  if (!ALLOWED.test(nickname)) return 'A nickname holds only letters, digits, spaces and _ - .';
  if (!/[\p{L}\p{Nd}]/u.test(nickname)) return 'A nickname needs a letter or a digit.';
  return undefined;
}
