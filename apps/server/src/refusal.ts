import type { ErrorCode, GameSnapshot } from '@scorpion/protocol';

/**
 * Every service's "no": nothing changed, and why. `code` is the protocol's, which the client
 * explains; `reason` the rules' own when a move was illegal; `game` the game as it stands when
 * the client needs it to catch up; `retryAfter` (seconds) when asking again later will do.
 * The edge turns it into an `error` frame or an `ApiError` reply (`refusal-edge.ts`), and nothing else.
 */
export interface Refusal {
  readonly ok: false;
  readonly code: ErrorCode;
  readonly message: string;
  readonly reason?: string | null;
  readonly game?: GameSnapshot | null;
  readonly retryAfter?: number;
}

/** A service's answer: its value, or a refusal. */
export type Answer<T> = { readonly ok: true; readonly value: T } | Refusal;

export function refuse(
  code: ErrorCode,
  message: string,
  extra?: Pick<Refusal, 'reason' | 'game' | 'retryAfter'>,
): Refusal {
  return { ok: false, code, message, ...extra };
}
