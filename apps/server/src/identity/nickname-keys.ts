import type { Repos } from '../repo/types.ts';
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
  const result = await repos.players.rekey(nicknameKey);
  await repos.settings.set(SETTING, NICKNAME_KEY_VERSION);
  return result;
}
