import { cardCode, type GameState } from '@scorpion/rules';

/** The codes of every card a player may see in `state`: face-up column cards, reserve, foundations. */
export function visibleCodes(state: GameState): Set<string> {
  const codes = new Set<string>();
  state.columns.forEach((column, c) => {
    column.forEach((card, row) => {
      if (row >= state.hidden[c]!) codes.add(cardCode(card));
    });
  });
  for (const card of [...state.reserve, ...state.foundations.flat()]) codes.add(cardCode(card));
  return codes;
}
