/**
 * The board's spoken log: every action (a move, a deal, an undo, a redo) says what it did
 * through one polite live region, wherever the action came from (a key, a button, a drag).
 */
class Announcer {
  #text = $state('');
  #count = 0;

  get text() {
    return this.#text;
  }

  say(text: string) {
    // The same words twice in a row (two undos) must still be read: a trailing no-break space differs.
    this.#count++;
    this.#text = this.#count % 2 === 0 ? `${text}\u00a0` : text;
  }

  /** After an undo was asked for, by a key or a button: `done` when there was one to make. */
  undone(done: boolean) {
    this.say(done ? 'Undid the last move.' : 'Nothing to undo.');
  }

  redone(done: boolean) {
    this.say(done ? 'Redid the move.' : 'Nothing to redo.');
  }
}

export const announcer = new Announcer();
