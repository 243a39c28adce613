import { type GameStatus, toWireView, type WireView } from '@scorpion/protocol';
import { type GameState, toPlayerView } from '@scorpion/rules';

/*
 * When a deal becomes public, and the one gate its secrets leave by. Before then the server
 * sends no deck, no seed that rebuilds it, no move line and no winning line to anyone (the seed
 * of a practice game to the player who chose it excepted, who knows it anyway). Each game
 * kind's policy, the daily route and the race's end decide with the rules below; every road out
 * (game frames, the daily's REST, a public game, a room's race history, a race's end, the
 * monthly open-data export) then passes the secrets through `gate`. Every position leaves by it
 * too (a player's board, a watched one, a puzzle's): its face-down cards and its stock unknown.
 */

/** A practice game: once it is over. */
export function practiceIsPublic(status: GameStatus): boolean {
  return status !== 'playing';
}

/** The daily deal of `date` (and every game of it): once that UTC day is over. */
export function dailyIsPublic(date: string, today: string): boolean {
  return date < today;
}

/** A race's deal (and every racer's game): once the race has finished. */
export function raceIsPublic(race: { readonly status: 'racing' | 'finished' }): boolean {
  return race.status === 'finished';
}

/**
 * An arena's deals (and every player's game of it): once the arena has ended. Until then a
 * deal one player has finished is still to come for another (docs/arenas.md).
 */
export function arenaIsPublic(arena: { readonly endsAt: number }, now: number): boolean {
  return now >= arena.endsAt;
}

export const gate = {
  /**
   * A position as it may leave: through `toPlayerView` first, so that a face-down card or a
   * stock card cannot be serialised by mistake, whoever asks and whatever the deal.
   */
  position(state: GameState): WireView {
    return toWireView(toPlayerView(state));
  },
  /**
   * A deal's secrets as they may leave: `secrets()` once the deal may be shown, null before.
   * The secrets are only built when they go out.
   */
  disclose<T>(shown: boolean, secrets: () => T): T | null {
    return shown ? secrets() : null;
  },
  /**
   * For a road that only opens once the deal is public (a race's end): its secrets, and an error
   * rather than a message without them should the rule ever say otherwise.
   */
  require<T>(shown: boolean, secrets: () => T, what: string): T {
    if (!shown) throw new Error(`${what} is not public: its secrets stay here`);
    return secrets();
  },
};
