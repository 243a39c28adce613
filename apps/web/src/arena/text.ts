import type { ArenaKind, ArenaRow, ArenaSummary, ErrorCode, GameStatus } from '@scorpion/protocol';
import { formatDateTime, formatDuration } from '../lib/format.ts';
import { m } from '../paraglide/messages.js';

/**
 * Words for arenas, the same on the home page's block, the schedule, the arena's page and a
 * profile: one place, so that an arena is called the same everywhere.
 */

/** A message that takes no input: a table of them is read at render, in the player's language. */
type Words = () => string;

/** How each kind of arena is named beside its own name. */
const KIND_WORDS: Record<ArenaKind, Words> = {
  hourly: m.arena_kind_hourly,
  daily: m.arena_kind_daily,
  weekly: m.arena_kind_weekly,
  private: m.arena_kind_private,
};

/** How a kind of arena is named beside its own name: `Hourly`. */
export function kindText(kind: ArenaKind): string {
  return KIND_WORDS[kind]();
}

/**
 * The server's refusals of arena requests, for people: what happened and what to do. A code not
 * listed here is said in the server's own words.
 */
const REFUSALS: Partial<Record<ErrorCode | 'network', Words>> = {
  'no-such-arena': m.arena_refusal_no_such_arena,
  'arena-finished': m.arena_refusal_finished,
  'arena-not-started': m.arena_refusal_not_started,
  'arena-berserk-too-late': m.arena_refusal_berserk_too_late,
  'arena-watched': m.arena_refusal_watched,
  'arena-berserk-no-undo': m.arena_refusal_berserk_no_undo,
  'arena-bad-name': m.arena_refusal_bad_name,
  'arena-start-past': m.arena_refusal_start_past,
  'arena-start-too-far': m.arena_refusal_start_too_far,
  'arena-bad-length': m.arena_refusal_bad_length,
  unauthorized: m.arena_refusal_unauthorized,
  'rate-limited': m.arena_refusal_rate_limited,
  'solver-unavailable': m.arena_refusal_solver_unavailable,
  unavailable: m.arena_refusal_unavailable,
  network: m.arena_refusal_network,
};

/** A refusal's words for a player: ours for the arena's codes, else the server's message. */
export function refusalText(code: string, message: string): string {
  return REFUSALS[code as ErrorCode | 'network']?.() ?? message;
}

/** `in 12:04`, `for 8:30 more`, `ended`: where an arena stands at `now`, for a list. */
export function whenText(arena: Pick<ArenaSummary, 'startsAt' | 'endsAt'>, now: number): string {
  if (now < arena.startsAt) return m.arena_starts_in({ time: formatDuration(arena.startsAt - now) });
  if (now < arena.endsAt) return m.arena_time_left({ time: formatDuration(arena.endsAt - now) });
  return m.arena_ended();
}

/** `Sun 18:00` in the visitor's own time zone and language: when an arena starts. */
export function startText(at: number): string {
  return formatDateTime(at, { weekday: 'short', hour: '2-digit', minute: '2-digit' });
}

/** A row's streak in words for the table's cell (the fire mark is drawn beside it). */
export function streakText(row: Pick<ArenaRow, 'streak' | 'fire'>): string {
  if (row.fire) return m.arena_streak_fire({ count: row.streak });
  return row.streak === 0 ? m.arena_streak_none() : m.arena_streak({ count: row.streak });
}

/** Where a player is in the arena: `deal 3, playing`, `deal 3 done`, `no deal yet`. */
export function dealText(row: Pick<ArenaRow, 'deal' | 'playing'>): string {
  if (row.deal === 0) return m.arena_deal_none();
  return row.playing ? m.arena_deal_playing({ deal: row.deal }) : m.arena_deal_done({ deal: row.deal });
}

/** How an arena deal played on this page ended, in words (`solved`), or that it has not. */
export function outcomeText(status: GameStatus): string {
  if (status === 'won') return m.arena_outcome_solved();
  if (status === 'gave-up') return m.arena_outcome_gave_up();
  return status === 'timed-out' ? m.arena_outcome_time_ran_out() : m.arena_outcome_not_finished();
}

/** `1st`, `2nd`, `1.`, `1er`: a place in the player's language. */
export function placeText(rank: number): string {
  return m.arena_ordinal({ rank });
}

/** What the next win scores, given the player's row (docs/arenas.md): 2, on fire 4, berserk 1 more. */
export function nextWinPoints(fire: boolean, berserk: boolean): number {
  return (fire ? 4 : 2) + (berserk ? 1 : 0);
}

/** The arena's page, for links and the copy button. */
export function arenaPath(id: string): string {
  return `/a/${id}`;
}
