import type { GameSnapshot, GameUpdate, RaceStanding, WireEvent } from '@scorpion/protocol';
import type { IllegalReason } from '@scorpion/rules';
import { type Refusal, refuse } from '../refusal.ts';

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

/**
 * What `LiveGame.playAction` did with an action. `duplicate`: it was stored already (a resend), and is
 * answered again. Played: it is stored and taken in; `won` says the game must now end. Refused:
 * `closed` (the game takes no action now), `stale` (`expect` is not the game's move number), or
 * what the rules said.
 */
export type Played =
  | { readonly ok: true; readonly duplicate: true }
  | {
      readonly ok: true;
      readonly duplicate: false;
      readonly events: WireEvent[];
      readonly won: boolean;
      readonly update: GameUpdate;
    }
  | { readonly ok: false; readonly reason: 'closed' | 'stale' | 'nothing-to-undo' | 'nothing-to-redo' | IllegalReason };

/** The fixed refusals of an action, the same every time (the others carry the game or the rules' reason). */
export const REFUSED = {
  noSuchGame: refuse('no-such-game', 'There is no such game.'),
  notYours: refuse('not-your-game', 'That game belongs to another player.'),
  nothingToUndo: refuse('nothing-to-undo', 'There is nothing to undo.'),
  nothingToRedo: refuse('nothing-to-redo', 'There is nothing to redo.'),
  notStarted: refuse('not-started', 'The race has not started yet.'),
} as const;
