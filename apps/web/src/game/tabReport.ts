import type { GameKind } from '@scorpion/protocol';
import type { GameLink } from './onlineGame.svelte.ts';

/** What the page reads of its tab: the document, or a test's stand-in. */
export interface TabSource {
  readonly hidden: boolean;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

/** The ranked kinds, whose tab the server keeps beside the evidence from the moves (issue #32). */
const REPORTED: ReadonlySet<GameKind> = new Set(['daily', 'race', 'arena']);

/**
 * Tells the server each time the tab is hidden or shown again while a ranked game is in play
 * (`tab-visibility`), whether it was hidden already when the game came, and the tab's state again
 * after a reconnection, so that a change sent while the socket was down is not lost. A moderator reads the hidden share beside the moves; it never
 * holds a result by itself. Returns the stop.
 */
export function reportTab(
  link: Pick<GameLink, 'send' | 'onReady'>,
  game: { readonly id: string; readonly kind: GameKind; readonly over: boolean },
  tab: TabSource | undefined,
): () => void {
  if (!tab || !REPORTED.has(game.kind)) return () => {};
  const send = () => {
    if (!game.over) link.send({ type: 'tab-visibility', gameId: game.id, hidden: tab.hidden });
  };
  tab.addEventListener('visibilitychange', send);
  let first = true;
  const stopReady = link.onReady(() => {
    // On the socket the game came on, only a tab hidden already (a race dealt while the player
    // was in another tab) is news; after a reconnection the state goes again either way.
    if (!first || tab.hidden) send();
    first = false;
  });
  return () => {
    tab.removeEventListener('visibilitychange', send);
    stopReady();
  };
}
