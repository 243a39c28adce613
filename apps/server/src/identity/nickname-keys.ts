import type { NicknameKeying, Repos } from '../repo/types.ts';
import { nicknameKey } from './nickname.ts';

/**
 * Which `nicknameKey` the stored keys were made with. Raise it whenever the key changes: the
 * next start recomputes every player's key (SQL migrations cannot, the key is code).
 * 2: Unicode's confusable skeleton (UTS #39) with digit and case look-alikes; 1 (or unset): a
 * small table of Cyrillic and Greek letters.
 */
export const NICKNAME_KEY_VERSION = '2';
const SETTING = 'nickname-key-version';

/**
 * Brings stored nickname keys up to the current `nicknameKey`, once per version. Look-alike names
 * that were both taken before stay as they are (nobody is renamed); only new ones are refused.
 * Returns how many players were rekeyed and how many of them share a look-alike with an older name.
 */
export async function rekeyNicknames(repos: Repos): Promise<{ players: number; lookAlikes: number } | null> {
  if ((await repos.settings.get(SETTING)) === NICKNAME_KEY_VERSION) return null;
  const result = await repos.players.rekey((players) => nicknameKeys(players, nicknameKey));
  await repos.settings.set(SETTING, NICKNAME_KEY_VERSION);
  return result;
}

/**
 * Every player's nickname key under `keyOf`, players taken in sign-up order: the first keeps a
 * shared key, later look-alikes get `key#id`, which no name can produce.
 */
export function nicknameKeys(
  players: Parameters<NicknameKeying>[0],
  keyOf: (nickname: string) => string,
): ReturnType<NicknameKeying> {
  const taken = new Set<string>();
  let lookAlikes = 0;
  const keys = players.map((p) => {
    let key = keyOf(p.nickname);
    if (taken.has(key)) {
      lookAlikes++;
      key = `${key}#${p.id}`;
    }
    taken.add(key);
    return { id: p.id, key };
  });
  return { keys, lookAlikes };
}
