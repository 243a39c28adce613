import { m } from '../paraglide/messages.js';

/** The solver rates certified deals from 1 to 5 stars. */
export const MAX_STARS = 5;

/** `★★★☆☆` for 3: the filled stars, then the empty ones. */
export function starsText(stars: number): { filled: string; empty: string } {
  const n = Math.min(MAX_STARS, Math.max(0, Math.round(stars)));
  return { filled: '★'.repeat(n), empty: '☆'.repeat(MAX_STARS - n) };
}

/** What a screen reader says for the stars: `Difficulty 3 of 5`. */
export function difficultyName(stars: number): string {
  return m.difficulty_stars({ stars: starsText(stars).filled.length, max: MAX_STARS });
}
