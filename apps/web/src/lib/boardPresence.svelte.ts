/**
 * How many boards the page shows. The "Skip to the board" link exists only while one does:
 * a skip link whose target is missing sends keyboard users nowhere.
 */
class BoardPresence {
  #count = $state(0);

  get shown() {
    return this.#count > 0;
  }

  /** Called by a board when it mounts; the returned function when it goes. */
  add(): () => void {
    this.#count++;
    return () => this.#count--;
  }
}

export const boardPresence = new BoardPresence();
