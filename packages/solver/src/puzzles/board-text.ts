import { cardCode, type GameState, positionFromText } from '@scorpion/rules';
import type { PuzzleKey } from './key.ts';

/**
 * An all-face-up position as text, in the words of the rules' `positionFromText`: columns bottom
 * card first, separated by `|`; the open reserve and the foundations' runs only when there are any.
 */
export interface BoardText {
  readonly columns: string;
  readonly reserve?: string;
  readonly foundations?: readonly string[];
}

const codes = (cards: readonly number[]) => cards.map(cardCode).join(' ');

/** `state` as text; the stock must be empty and every card face up (a puzzle's position always is). */
export function boardText(state: GameState): BoardText {
  if (state.stock.length > 0 || state.hidden.some((down) => down > 0)) {
    throw new Error('a board text holds face-up cards only');
  }
  return {
    columns: state.columns.map(codes).join(' | '),
    ...(state.reserve.length > 0 ? { reserve: codes(state.reserve) } : {}),
    ...(state.foundations.length > 0 ? { foundations: state.foundations.map(codes) } : {}),
  };
}

/** The position a board text describes, under the study key's variant and options. */
export function boardFromText(key: PuzzleKey, text: BoardText): GameState {
  return positionFromText(key.variant, text.columns, {
    reserve: text.reserve,
    foundations: text.foundations ? [...text.foundations] : undefined,
    options: key.options,
  });
}
