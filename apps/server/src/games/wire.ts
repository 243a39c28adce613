import type { GameSnapshot, WireEvent, WireView } from '@scorpion/protocol';
import {
  type Card,
  cardCode,
  faceDownCount,
  type GameEvent,
  type GameState,
  progressOf,
  toPlayerView,
} from '@scorpion/rules';

/**
 * The choke point: the only module that turns a game into something a socket may carry.
 * Everything goes through `toPlayerView` first, so a face-down card or a stock card cannot be
 * serialised by mistake; the deck and the seed go out only when the caller says the game is
 * public (see `GameSnapshot.record`).
 */
// Every snapshot names up to 104 cards; the codes are made once, not per frame.
const CODES = Array.from({ length: 104 }, (_, card) => cardCode(card));

function code(card: Card): string | null {
  return card < 0 ? null : CODES[card]!;
}

function known(card: Card): string {
  if (card < 0) throw new Error('a hidden card reached a place that only holds visible cards');
  return CODES[card]!;
}

export function wireView(state: GameState): WireView {
  const view = toPlayerView(state);
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
export function wireEvents(events: readonly GameEvent[]): WireEvent[] {
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

export interface SnapshotInput {
  readonly base: Omit<GameSnapshot, 'view' | 'progress' | 'faceDown' | 'seed' | 'record'>;
  readonly state: GameState;
  /** The seed when the player may see it (chose it, or the game is public). */
  readonly seed: string | null;
  /** The whole deck and the move line, only when the game is public. */
  readonly record: GameSnapshot['record'];
}

export function snapshot({ base, state, seed, record }: SnapshotInput): GameSnapshot {
  return { ...base, view: wireView(state), progress: progressOf(state), faceDown: faceDownCount(state), seed, record };
}
