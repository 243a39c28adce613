import type { BestOf, FinishWindow, GameOptions, TimeLimit } from '@scorpion/protocol';
import type { VariantId } from '@scorpion/rules';
import { refuse } from '../refusal.ts';

/* What the race hub's commands take and answer. */

/** Why a "winnable deals only" race was not dealt while the solver is down. */
export const RACE_UNAVAILABLE =
  'No race was dealt: the solver that finds winnable deals is restarting. Try again in a minute.';

export const noSuchRoom = () => refuse('no-such-room', 'There is no room with that code.');

export interface RoomSpec {
  variant: VariantId;
  options: GameOptions;
  timeLimit: TimeLimit;
  winnableOnly: boolean;
  rated: boolean;
  bestOf: BestOf;
  finishWindow: FinishWindow;
}
