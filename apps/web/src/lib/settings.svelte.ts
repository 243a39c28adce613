import { readJson, writeJson } from './storage.ts';

interface Saved {
  fourColour: boolean;
  largeCards: boolean;
}

const KEY = 'scorpion.settings';

/** How the cards look, kept in the browser. Reduced motion follows the system setting in CSS. */
export class Settings {
  #fourColour = $state(false);
  #largeCards = $state(false);

  constructor() {
    const saved = readJson<Partial<Saved>>(KEY);
    this.#fourColour = saved?.fourColour === true;
    this.#largeCards = saved?.largeCards === true;
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

  #save() {
    writeJson(KEY, { fourColour: this.#fourColour, largeCards: this.#largeCards } satisfies Saved);
  }
}
