import type { ErrorCode, GameSnapshot, GameUpdate, RaceStanding, WireEvent } from '@scorpion/protocol';

/** A refusal: nothing changed. `game` is the game as it stands, when the client needs it. */
export interface Refusal {
  readonly ok: false;
  readonly code: ErrorCode;
  readonly message: string;
  readonly reason?: string;
  readonly game?: GameSnapshot;
}

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
