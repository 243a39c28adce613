import type { BestOf, ErrorCode, FinishWindow, GameOptions, TimeLimit } from '@scorpion/protocol';
import type { VariantId } from '@scorpion/rules';

/* What the race hub's commands take and answer. */

/** Why a "winnable deals only" race was not dealt while the solver is down. */
export const RACE_UNAVAILABLE =
  'No race was dealt: the solver that finds winnable deals is restarting. Try again in a minute.';

export type HubResult<T> = { ok: true; value: T } | { ok: false; code: ErrorCode; message: string };

export const fail = (code: ErrorCode, message: string): { ok: false; code: ErrorCode; message: string } => ({
  ok: false,
  code,
  message,
});
export const noSuchRoom = () => fail('no-such-room', 'There is no room with that code.');

export interface RoomSpec {
  variant: VariantId;
  options: GameOptions;
  timeLimit: TimeLimit;
  winnableOnly: boolean;
  rated: boolean;
  bestOf: BestOf;
  finishWindow: FinishWindow;
}
