import { type GameState, isWon } from '@scorpion/rules';

/**
 * Every card is face up and none is left to deal: the player knows the whole position, so the
 * solver may look at it (as a hint would) without learning anything they could not see.
 */
export function allFaceUp(state: GameState): boolean {
  return !isWon(state) && state.stock.length === 0 && state.hidden.every((n) => n === 0);
}

/** The same position gives the same key, whichever object holds it (a page may build its view anew). */
export function positionKey(state: GameState): string {
  return JSON.stringify([state.columns, state.stock, state.reserve, state.foundations]);
}
