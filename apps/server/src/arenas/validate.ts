import type { ErrorCode, VariantId } from '@scorpion/protocol';

/**
 * A private arena's creation, checked against the server's clock. The request's schema has
 * already made sure of the types (`ArenaCreate`); this decides what the values may be, and
 * says which one is wrong with its own error code, so the form can point at the field.
 */
export interface PrivateArenaInput {
  readonly name: string;
  readonly startsAt: number;
  readonly minutes: number;
  readonly variant: VariantId;
}

export type ArenaInputError = Extract<
  ErrorCode,
  'arena-bad-name' | 'arena-start-past' | 'arena-start-too-far' | 'arena-bad-length'
>;

export type CheckedArena =
  | { readonly ok: true; readonly arena: PrivateArenaInput }
  | { readonly ok: false; readonly code: ArenaInputError; readonly message: string };

export const NAME_MAX = 40;
export const MIN_MINUTES = 10;
export const MAX_MINUTES = 120;
/** How far ahead an arena may be set: a week, so the schedule list stays short. */
export const MAX_AHEAD_MS = 7 * 24 * 3_600_000;
/**
 * A start this far in the past is taken as "now": the creator chose the present moment on a
 * form a little while ago. The arena then starts when it is created, never before.
 */
export const START_GRACE_MS = 60_000;

/**
 * Control characters, formatting ones (bidi overrides, zero-width joiners and spaces), private
 * use, unassigned code points and lone surrogates, and line breaks: none can show in a name
 * on a list, and several can make a name pass for another or break the page's layout.
 */
const UNSHOWABLE = /[\p{C}\p{Zl}\p{Zp}]/u;

function refuse(code: ArenaInputError, message: string): CheckedArena {
  return { ok: false, code, message };
}

export function checkPrivateArena(input: PrivateArenaInput, now: number): CheckedArena {
  const name = input.name.normalize('NFC').trim();
  const length = [...name].length;
  if (length < 1 || length > NAME_MAX)
    return refuse('arena-bad-name', `An arena's name has 1 to ${NAME_MAX} characters.`);
  if (UNSHOWABLE.test(name))
    return refuse('arena-bad-name', "An arena's name holds no control or invisible characters.");
  if (input.startsAt < now - START_GRACE_MS) return refuse('arena-start-past', 'That start has passed.');
  if (input.startsAt > now + MAX_AHEAD_MS)
    return refuse('arena-start-too-far', 'An arena starts within the next week.');
  if (!Number.isInteger(input.minutes) || input.minutes < MIN_MINUTES || input.minutes > MAX_MINUTES) {
    return refuse('arena-bad-length', `An arena lasts ${MIN_MINUTES} to ${MAX_MINUTES} minutes.`);
  }
  return { ok: true, arena: { ...input, name, startsAt: Math.max(input.startsAt, now) } };
}
