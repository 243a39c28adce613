import type { Asked } from '../game/asked.ts';
import { m } from '../paraglide/messages.js';

/**
 * The board's spoken log: every action (a move, a deal, an undo, a redo) says what it did
 * through one polite live region, wherever the action came from (a key, a button, a drag).
 */
/** Why an undo or a redo was not made, when it is not that there was none to make. */
const NOT_DONE: Partial<Record<Asked, () => string>> = {
  busy: m.announce_busy,
  offline: m.announce_offline,
};

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

  /** After an undo was asked for, by a key or a button. */
  undone(asked: Asked) {
    this.say(asked === 'done' ? m.announce_undid() : (NOT_DONE[asked] ?? m.announce_nothing_to_undo)());
  }

  redone(asked: Asked) {
    this.say(asked === 'done' ? m.announce_redid() : (NOT_DONE[asked] ?? m.announce_nothing_to_redo)());
  }
}

export const announcer = new Announcer();
