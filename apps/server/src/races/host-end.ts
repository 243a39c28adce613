import type { LiveGame } from '../games/live-game.ts';
import { type Refusal, refuse } from '../refusal.ts';

/**
 * How long everyone still playing a race without a time limit must have made no move before its
 * host may end it (`room-end`): long enough that nobody thinking over a hard position is cut
 * off, short enough that a racer who walked away with the tab open does not hold the others for
 * ever (their socket stays open, so they are never counted out as away).
 */
export const IDLE_BEFORE_END_MS = 60_000;

/** A racer as the rule sees them. */
export interface EndingRacer {
  readonly playerId: string;
  readonly nickname: string;
  readonly playing: boolean;
  /** Their last action (server clock), or since when they could have played, if later. */
  readonly activeAt: number;
}

/** Racers as the rule sees them: active at their last action, or at `since` if later. */
export function racersAsked(
  racers: readonly { readonly playerId: string; readonly nickname: string; readonly game: LiveGame }[],
  since: number,
): EndingRacer[] {
  return racers.map(({ playerId, nickname, game }) => ({
    playerId,
    nickname,
    playing: game.row.status === 'playing',
    activeAt: game.seq > 0 ? Math.max(since, game.stored(game.seq - 1).at) : since,
  }));
}

export interface EndAsked {
  readonly hostId: string;
  readonly timed: boolean;
  readonly racers: readonly EndingRacer[];
  readonly now: number;
  readonly idleMs: number;
}

/**
 * Why the host may not end the race now, or undefined when they may: a race with a time limit
 * ends by it; the host's own game must be over (the end is for a race that waits on others,
 * not a way out of one's own); and whoever still plays must have been idle for `idleMs`, so
 * that nobody is cut off mid-game. A host who is not racing is asked only the last.
 */
export function endRefusal(a: EndAsked): Refusal | undefined {
  if (a.timed) return refuse('timed-race', 'This race ends by its time limit.');
  if (a.racers.some((r) => r.playerId === a.hostId && r.playing)) {
    return refuse('still-racing', 'Finish or give up your own game first; then you may end the race.');
  }
  const moving = a.racers.filter((r) => r.playing && a.now - r.activeAt < a.idleMs);
  if (moving.length === 0) return undefined;
  const wait = Math.max(...moving.map((r) => r.activeAt + a.idleMs - a.now));
  const names = moving.map((r) => r.nickname);
  const who = names.length === 1 ? `${names[0]} is` : `${names.slice(0, -1).join(', ')} and ${names.at(-1)} are`;
  return refuse(
    'racers-moving',
    `${who} still playing: the race can be ended once nobody still playing has moved for ${seconds(a.idleMs)}, in ${seconds(wait)} at the soonest.`,
  );
}

/** `60 seconds`, `1 second`: whole seconds, rounded up. */
function seconds(ms: number): string {
  const n = Math.ceil(ms / 1000);
  return `${n} second${n === 1 ? '' : 's'}`;
}
