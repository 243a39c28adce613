/**
 * Nickname rules: 2–20 characters after trimming; letters (any script, with their combining
 * marks), digits, space and `_ - .`; nothing else, so no control, format or bidi-override
 * character can get in. Unique case-insensitively, through `nicknameKey`.
 */
const ALLOWED = /^[\p{L}\p{M}\p{Nd} _.-]+$/u;
const DENIED = ['admin', 'moderator', 'system', 'root', 'staff', 'support', 'official', 'scorpion'];
const SEPARATORS = /[ _.-]/g;

export type NicknameCheck = { ok: true; nickname: string; key: string } | { ok: false; message: string };

export function nicknameKey(nickname: string): string {
  return nickname.normalize('NFKC').toLowerCase();
}

export function checkNickname(raw: string): NicknameCheck {
  const nickname = raw.normalize('NFC').trim().replace(/ {2,}/g, ' ');
  const length = [...nickname].length;
  if (length < 2 || length > 20) return { ok: false, message: 'A nickname has 2 to 20 characters.' };
  if (!ALLOWED.test(nickname)) {
    return { ok: false, message: 'A nickname holds only letters, digits, spaces and _ - .' };
  }
  if (!/[\p{L}\p{Nd}]/u.test(nickname)) return { ok: false, message: 'A nickname needs a letter or a digit.' };
  const key = nicknameKey(nickname);
  const bare = key.replace(SEPARATORS, '');
  if (DENIED.some((word) => bare.includes(word)) || bare === 'mod') {
    return { ok: false, message: 'That nickname is reserved.' };
  }
  return { ok: true, nickname, key };
}
