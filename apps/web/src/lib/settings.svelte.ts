import { readJson, writeJson } from './storage.ts';

interface Saved {
  fourColour: boolean;
  largeCards: boolean;
  sounds: boolean;
}

const KEY = 'scorpion.settings';

/**
 * How the cards look, and whether the game makes sounds (off unless turned on), kept in the
 * browser. Reduced motion follows the system setting in CSS.
 */
export class Settings {
  #fourColour = $state(false);
  #largeCards = $state(false);
  #sounds = $state(false);

  constructor() {
    const saved = readJson<Partial<Saved>>(KEY);
    this.#fourColour = saved?.fourColour === true;
    this.#largeCards = saved?.largeCards === true;
    this.#sounds = saved?.sounds === true;
  }

  get fourColour() {
    return this.#fourColour;
  }
  set fourColour(on: boolean) {
    this.#fourColour = on;
    this.#save();
  }

  get largeCards() {
    return this.#largeCards;
  }
  set largeCards(on: boolean) {
    this.#largeCards = on;
    this.#save();
  }

  get sounds() {
    return this.#sounds;
  }
  set sounds(on: boolean) {
    this.#sounds = on;
    this.#save();
  }

  #save() {
    const saved: Saved = { fourColour: this.#fourColour, largeCards: this.#largeCards, sounds: this.#sounds };
    writeJson(KEY, saved);
  }
}
