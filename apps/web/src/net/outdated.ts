const KEY = 'scorpion-reloaded-for-protocol';

/**
 * The server speaks another protocol than this page was built for (a deploy happened while the
 * tab was open): reload, to fetch the app that speaks it. Once per version per tab, so that a
 * cache still serving the old app cannot make the page reload for ever. True when reloading.
 */
export function reloadForProtocol(
  version: number,
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  reload: () => void = () => location.reload(),
): boolean {
  if (storage.getItem(KEY) === String(version)) return false;
  storage.setItem(KEY, String(version));
  reload();
  return true;
}
