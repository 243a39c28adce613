import type { WireEvent } from '@scorpion/protocol';
import { type Card, type GameState, type Move, parseFace, UNKNOWN } from '@scorpion/rules';

/** A card the server showed, and where it lies on a board. */
export interface Shown {
  readonly column: number;
  readonly index: number;
  readonly card: Card;
}

/** The rules deal the stock round-robin onto this many columns, from the first (`rules/src/apply.ts`, `deal`). */
const STOCK_COLUMNS = 3;

const face = (code: string): Card => parseFace(code) ?? UNKNOWN;

/**
 * Where the cards an acknowledged move brought to light lie on `after`, the board this client
 * worked out when it played the move (`before` the board it was played on): a turned card on top
 * of its column, a dealt card where the deal put it. The move is not played again: the rules place
 * cards the same whatever they are, so only the faces were missing.
 */
export function shownBy(events: readonly WireEvent[], before: GameState, after: GameState): Shown[] {
  const shown: Shown[] = [];
  for (const event of events) {
    if (event.type === 'turned') {
      shown.push({ column: event.column, index: after.hidden[event.column]!, card: face(event.card) });
    } else if (event.type === 'dealt') {
      event.cards.forEach((code, i) => {
        const column = i % STOCK_COLUMNS;
        const index = before.columns[column]!.length + Math.floor(i / STOCK_COLUMNS);
        shown.push({ column, index, card: face(code) });
      });
    }
  }
  return shown;
}

/** `state` with the faces of `shown` in place. */
export function withFaces(state: GameState, shown: readonly Shown[]): GameState {
  if (shown.length === 0) return state;
  const columns = state.columns.slice();
  for (const { column, index, card } of shown) {
    const cards = columns[column]!.slice();
    cards[index] = card;
    columns[column] = cards;
  }
  return { ...state, columns };
}

/**
 * Where a shown card lies after `move`, played on `before`: a move of a run from under it (or of
 * the card itself) carries it along; nothing else moves a card that was face down a moment ago
 * (a run with a card of unknown face is never complete, so never goes to a foundation).
 */
export function follow(shown: Shown, move: Move, before: GameState): Shown {
  if (move.kind !== 'move' || move.from !== shown.column || move.row > shown.index) return shown;
  return { ...shown, column: move.to, index: before.columns[move.to]!.length + (shown.index - move.row) };
}
