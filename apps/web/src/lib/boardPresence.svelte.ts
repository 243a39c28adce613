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
   * Called by a board's effect when it mounts; the returned function when it goes. The count is
   * read untracked: an effect that read it would run again whenever another board came or went,
   * and its run changes the count again, so two boards on a page (a race's own board and a
   * watched one, a countdown's board mounting among other updates) re-ran each other forever.
   */
  add(): () => void {
    untrack(() => this.#count++);
    return () => this.#count--;
  }
}

export const boardPresence = new BoardPresence();
