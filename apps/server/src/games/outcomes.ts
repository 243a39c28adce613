import type { GameSnapshot, GameUpdate, RaceStanding, WireEvent } from '@scorpion/protocol';
import type { Refusal } from '../refusal.ts';

/**
 * An action stored and applied. `game` is the whole game only when a client cannot work the
 * board out from its own move and `events` (see `Ack` in the protocol); otherwise null. `race`
 * is everyone's progress when the game is a racer's in a running race.
 */
export type Acted =
  | {
      readonly ok: true;
      readonly seq: number;
      readonly duplicate: boolean;
      readonly events: WireEvent[];
      readonly update: GameUpdate;
      readonly game: GameSnapshot | null;
      readonly race: RaceStanding | null;
    }
  | Refusal;

/** The whole game, or why not. */
export type Shown = { readonly ok: true; readonly game: GameSnapshot } | Refusal;
