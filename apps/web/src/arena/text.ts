import type { ArenaKind, ArenaRow, ArenaSummary, ErrorCode } from '@scorpion/protocol';
import { formatDuration } from '../lib/format.ts';

/**
 * Words for arenas, the same on the home page's block, the schedule, the arena's page and a
 * profile: one place, so that an arena is called the same everywhere.
 */

/** How a kind of arena is named beside its own name. */
export const KIND_WORDS: Record<ArenaKind, string> = {
  hourly: 'Hourly',
  daily: 'Daily',
  weekly: 'Weekly',
  private: 'Private',
};

/**
 * The server's refusals of arena requests, for people: what happened and what to do. A code not
 * listed here is said in the server's own words.
 */
const REFUSALS: Partial<Record<ErrorCode | 'network', string>> = {
  'no-such-arena': 'There is no arena at this address. Check the link, or pick one from the schedule.',
  'arena-finished': 'This arena has ended: its table is final.',
  'arena-not-started': 'The arena has not started yet: the first deal is dealt at its start.',
  'arena-berserk-too-late': 'Berserk is chosen before a deal is dealt: this deal is played without it.',
  'arena-watched': 'You watched the boards of this arena, so you have seen its deals: you cannot join it.',
  'arena-berserk-no-undo': 'No undo in a berserk deal: that was the price of its extra point.',
  'arena-bad-name': 'Give the arena a name of 1 to 40 characters (letters, digits, spaces, punctuation).',
  'arena-start-past': 'That start has passed: pick a time from now on.',
  'arena-start-too-far': 'An arena can start at most a week from now: pick an earlier start.',
  'arena-bad-length': 'An arena lasts 10 to 120 whole minutes.',
  unauthorized: 'Pick a nickname first: arenas are for signed-in players.',
  'rate-limited': 'Too many requests just now: wait a moment and try again.',
  'solver-unavailable': 'The next deal is not ready yet (the solver is busy): try again in a few seconds.',
  unavailable: 'The server is busy just now: try again in a few seconds.',
  network: 'The server cannot be reached. Check the connection and try again.',
};

/** A refusal's words for a player: ours for the arena's codes, else the server's message. */
export function refusalText(code: string, message: string): string {
  return REFUSALS[code as ErrorCode | 'network'] ?? message;
}

/** `in 12:04`, `for 8:30 more`, `ended`: where an arena stands at `now`, for a list. */
export function whenText(arena: Pick<ArenaSummary, 'startsAt' | 'endsAt'>, now: number): string {
  if (now < arena.startsAt) return `starts in ${formatDuration(arena.startsAt - now)}`;
  if (now < arena.endsAt) return `${formatDuration(arena.endsAt - now)} left`;
  return 'ended';
}

/** `Sun 18:00` in the visitor's own time zone: when an arena starts. */
export function startText(at: number): string {
  return new Date(at).toLocaleString(undefined, { weekday: 'short', hour: '2-digit', minute: '2-digit' });
}

/** A row's streak in words for the table's cell (the fire mark is drawn beside it). */
export function streakText(row: Pick<ArenaRow, 'streak' | 'fire'>): string {
  if (row.fire) return `on fire, ${row.streak} wins in a row`;
  return row.streak === 0 ? 'no streak' : `${row.streak} win${row.streak === 1 ? '' : 's'} in a row`;
}

/** Where a player is in the arena: `deal 3, playing`, `deal 3 done`, `no deal yet`. */
export function dealText(row: Pick<ArenaRow, 'deal' | 'playing'>): string {
  if (row.deal === 0) return 'no deal yet';
  return row.playing ? `deal ${row.deal}, playing` : `deal ${row.deal} done`;
}

/** What the next win scores, given the player's row (docs/arenas.md): 2, on fire 4, berserk 1 more. */
export function nextWinPoints(fire: boolean, berserk: boolean): number {
  return (fire ? 4 : 2) + (berserk ? 1 : 0);
}

/** The arena's page, for links and the copy button. */
export function arenaPath(id: string): string {
  return `/a/${id}`;
}
