import { untrack } from 'svelte';

/**
 * How many boards the page shows. The "Skip to the board" link exists only while one does:
 * a skip link whose target is missing sends keyboard users nowhere.
 */
class BoardPresence {
  #count = $state(0);

  get shown() {
    return this.#count > 0;
  }

  /**
   * Called by a board when it mounts (from an effect); the returned function when it goes. The
   * count is changed untracked: `++` reads it too, and an effect that read what it writes would
   * re-run itself (its teardown, then another add) until Svelte stopped it as an endless loop.
   */
  add(): () => void {
    untrack(() => this.#count++);
    return () => untrack(() => this.#count--);
  }
}

export const boardPresence = new BoardPresence();
