import { m } from '../paraglide/messages.js';

/** `Tricky` for 3 stars: the word for a deal's difficulty in the player's language (the server's `label` is English). */
export function difficultyWord(stars: number): string {
  return m.difficulty_word({ stars: String(stars) });
}
