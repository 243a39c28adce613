import { type Card, cardCode, type GameEvent, type GameState } from '@scorpion/rules';
import type { WireEvent, WireView } from './game.ts';

// Every view names up to 104 cards; the codes are made once, not per frame.
const CODES = Array.from({ length: 104 }, (_, card) => cardCode(card));

function code(card: Card): string | null {
  return card < 0 ? null : CODES[card]!;
}

function known(card: Card): string {
  if (card < 0) throw new Error('a hidden card reached a place that only holds visible cards');
  return CODES[card]!;
}

/**
 * A player view (the rules' `toPlayerView`, or a client's own view of its game) as it travels:
 * the inverse of `toGameState`. The server builds every view it sends with this, and a client
 * builds the board it works out from an `ack` with the same function, so both are the same.
 */
export function toWireView(view: GameState): WireView {
  return {
    variant: view.variant,
    options: { foundations: view.options.foundations, open: view.options.open },
    columns: view.columns.map((column) => column.map(code)),
    hidden: [...view.hidden],
    stock: view.stock.length,
    reserve: view.reserve.map(known),
    foundations: view.foundations.map((run) => run.map(known)),
  };
}

/** Events name only cards that the move has just turned face up. */
export function toWireEvents(events: readonly GameEvent[]): WireEvent[] {
  return events.map((e): WireEvent => {
    switch (e.type) {
      case 'turned':
        return { type: 'turned', column: e.column, card: known(e.card) };
      case 'dealt':
        return { type: 'dealt', cards: e.cards.map(known) };
      default:
        return e;
    }
  });
}
