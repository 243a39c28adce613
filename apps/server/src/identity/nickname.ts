import { mixesScripts } from './scripts.ts';
import { skeleton } from './skeleton.ts';

/**
 * Nickname rules: 2–20 characters after trimming; letters (any script, with their combining
 * marks), digits, space and `_ - .`; nothing else, so no control, format or bidi-override
 * character can get in. Names live on public leaderboards, so the rules also stop a name from
 * passing for another one: no invisible characters, no towers of combining marks, no mixing of
 * scripts (a Cyrillic `А` in `Аdmin`), and uniqueness on a key that folds case and every
 * look-alike in Unicode's confusables data (`nicknameKey`).
 */
const ALLOWED = /^[\p{L}\p{M}\p{Nd} _.-]+$/u;
/** Variation selectors, the combining grapheme joiner and the like render as nothing at all. */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/u;
/** Vietnamese stacks two marks on a letter; more than three is decoration or an attack. */
const MARK_TOWER = /\p{M}{4,}/u;
const SEPARATORS = /[ _.-]+/;

/** The words below are compared by their look-alike keys, so `Adm1n` is `admin`. */
const keys = (words: readonly string[]) => new Set(words.map(skeleton));

/** Refused as a whole word of the name (`the admin`, `admin_2`), not inside one (`Badminton`). */
const DENIED_WORDS = keys([
  'admin',
  'administrator',
  'moderator',
  'mod',
  'system',
  'root',
  'staff',
  'support',
  'official',
  'sysop',
]);
/** Refused even run together with other letters (`TheAdmin`, `ModeratorBob`). */
const DENIED_AFFIXES = [...keys(['admin', 'moderator', 'official', 'sysop'])];
/**
 * Refused only as the whole name: the service's own (`Scorpion Fan` is a player), and a guest's
 * neutral name (`Guest 123456`, digits dropped as below), which tells the page its player has not
 * named themselves yet (`Rating Guest` is a name like any other).
 */
const DENIED_NAMES = keys(['scorpion', 'scorpionrace', 'scorpionteam', 'guest']);

export type NicknameCheck = { ok: true; nickname: string; key: string } | { ok: false; message: string };

/**
 * The uniqueness key: compatibility-normalised, then the confusable skeleton in lower case, so
 * names that look alike (across scripts, digits for letters, `rn` for `m`) share it. When this
 * changes, raise `NICKNAME_KEY_VERSION` (nickname-keys.ts): stored keys are recomputed at start.
 */
export function nicknameKey(nickname: string): string {
  return skeleton(nickname.normalize('NFKC'));
}

function reserved(nickname: string): boolean {
  // Digits are dropped from the end of each word before keying (`admin_2`, `mod99`), since the
  // key reads some digits as letters.
  const words = nickname
    .normalize('NFKC')
    .split(SEPARATORS)
    .map((w) => skeleton(w.replace(/\d+$/u, '')));
  const bare = skeleton(words.join(''));
  if (DENIED_NAMES.has(bare) || words.some((w) => DENIED_WORDS.has(w))) return true;
  return DENIED_AFFIXES.some((word) => bare.startsWith(word) || bare.endsWith(word));
}

export function checkNickname(raw: string): NicknameCheck {
  const nickname = raw.normalize('NFC').trim().replace(/ {2,}/g, ' ');
  const length = [...nickname].length;
  if (length < 2 || length > 20) return { ok: false, message: 'A nickname has 2 to 20 characters.' };
  if (!ALLOWED.test(nickname) || INVISIBLE.test(nickname)) {
    return { ok: false, message: 'A nickname holds only letters, digits, spaces and _ - .' };
  }
  if (MARK_TOWER.test(nickname)) return { ok: false, message: 'Too many accents on one letter.' };
  if (!/[\p{L}\p{Nd}]/u.test(nickname)) return { ok: false, message: 'A nickname needs a letter or a digit.' };
  if (mixesScripts(nickname)) {
    return { ok: false, message: 'A nickname is written in one alphabet (letters that look alike can fool people).' };
  }
  if (reserved(nickname)) return { ok: false, message: 'That nickname is reserved.' };
  return { ok: true, nickname, key: nicknameKey(nickname) };
}
