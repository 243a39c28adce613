import type { ErrorCode } from '@scorpion/protocol';

/**
 * What `arena-join`, `arena-next` and `arena-watch` may do, decided from the arena's times, where the player
 * is in it and the server's clock, before anything is stored: a refusal is a value with its
 * code, and changes nothing.
 */
export interface ArenaTimes {
  readonly startsAt: number;
  readonly endsAt: number;
}

/** The player's last deal in the arena: `deal` 0 before the first. */
export interface Position {
  readonly deal: number;
  readonly over: boolean;
  readonly berserk: boolean;
}

export const NOT_YET_DEALT: Position = { deal: 0, over: true, berserk: false };

export type JoinRefusal = Extract<ErrorCode, 'arena-finished' | 'arena-watched'>;

/**
 * Joining is open from the arena's creation to its end. Someone who has been sent boards of
 * the arena without playing in it has seen its deals, and stays a spectator.
 */
export function decideJoin(arena: ArenaTimes, watched: boolean, now: number): JoinRefusal | null {
  if (now >= arena.endsAt) return 'arena-finished';
  if (watched) return 'arena-watched';
  return null;
}

/**
 * Whether a watcher is sent a board of deal `watchedDeal`. Someone not in the arena (`null`)
 * is, and becomes a spectator (`decideJoin`); a player of the arena only for a deal they have
 * finished themselves, so watching never shows them a deal they are still to play.
 */
export function maySeeBoard(watcher: Position | null, watchedDeal: number): boolean {
  if (watcher === null) return true;
  return watchedDeal < watcher.deal || (watchedDeal === watcher.deal && watcher.over);
}

export type NextRefusal = Extract<
  ErrorCode,
  'arena-not-started' | 'arena-finished' | 'stale' | 'arena-berserk-too-late'
>;

export type NextDecision =
  /** Deal this deal now, berserk or not: its clock starts. */
  | { readonly kind: 'deal'; readonly deal: number; readonly berserk: boolean }
  /** Send the game of this deal again (a resend, another tab): nothing changes. */
  | { readonly kind: 'resume'; readonly deal: number }
  | { readonly kind: 'refused'; readonly code: NextRefusal };

/**
 * `arena-next {deal, berserk}`: `deal` is the deal the client expects, so a frame sent twice
 * deals once. The deal in play (or the last one, over) is sent again; the one after a deal
 * that is over is dealt. Berserk is chosen with the dealing: asked for on a deal already dealt
 * without it, it is refused rather than ignored, so the player knows the deal is not berserk.
 */
export function decideNext(
  arena: ArenaTimes,
  position: Position,
  request: { readonly deal: number; readonly berserk: boolean },
  now: number,
): NextDecision {
  if (now < arena.startsAt) return refused('arena-not-started');
  if (now >= arena.endsAt) return refused('arena-finished');
  if (position.deal > 0 && request.deal === position.deal) {
    if (request.berserk && !position.berserk) return refused('arena-berserk-too-late');
    return { kind: 'resume', deal: position.deal };
  }
  if (position.over && request.deal === position.deal + 1) {
    return { kind: 'deal', deal: request.deal, berserk: request.berserk };
  }
  return refused('stale');
}

function refused(code: NextRefusal): NextDecision {
  return { kind: 'refused', code };
}
