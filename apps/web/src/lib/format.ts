import type { GameStatus } from '@scorpion/protocol';
import { m } from '../paraglide/messages.js';
import { currentLocale } from './i18n/locale.ts';

/** `12,345` in English, `12.345` in German, `12 345` in French: a number as the player's language writes it. */
export function formatNumber(n: number, options?: Intl.NumberFormatOptions): string {
  return n.toLocaleString(currentLocale(), options);
}

/** A date in the player's language, e.g. `formatDate(at, { dateStyle: 'medium' })`. */
export function formatDate(at: Date | number, options: Intl.DateTimeFormatOptions): string {
  return new Date(at).toLocaleDateString(currentLocale(), options);
}

/** A time of day in the player's language (24-hour where the language uses it). */
export function formatTime(at: Date | number, options: Intl.DateTimeFormatOptions): string {
  return new Date(at).toLocaleTimeString(currentLocale(), options);
}

/** A date with its time, in the player's language. */
export function formatDateTime(at: Date | number, options: Intl.DateTimeFormatOptions): string {
  return new Date(at).toLocaleString(currentLocale(), options);
}

/** `4:21`, or `1:02:03` past an hour. Negative times (a countdown) read as 0:00. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** How a game ended (or that it has not), in words: never the status code itself. */
export function outcomeWords(status: GameStatus): string {
  if (status === 'won') return m.game_outcome_solved();
  if (status === 'gave-up') return m.game_outcome_gave_up();
  return status === 'timed-out' ? m.game_outcome_timed_out() : m.game_outcome_not_finished();
}

/**
 * `1 move`, `187 moves` in the player's language. Pages call this rather than the message, so that
 * the message stays in this module's chunk instead of becoming a request of its own on the daily's first visit.
 */
export function movesText(count: number): string {
  return m.game_moves({ count });
}

/** `1 move`, `187 moves`: a count with its noun, singular only for exactly one. */
export function counted(n: number, noun: string): string {
  return `${formatNumber(n)} ${n === 1 ? noun : `${noun}s`}`;
}

/**
 * What the day's deal is called wherever a player sees it (title, headings, leaderboard, share):
 * `Daily #123`. One name, so that the share a friend receives names what the site shows.
 */
export function dailyName(day: number): string {
  return m.daily_name({ day });
}

/** What a share says about one daily attempt. */
export interface SharedResult {
  readonly day: number;
  readonly won: boolean;
  readonly timeMs: number;
  readonly moves: number;
  /** Cards built into runs, out of `total`. */
  readonly progress: number;
  readonly total: number;
}

/**
 * The lines a player pastes to friends: `Scorpion Race Daily #123 ✅ 4:21 · 187 moves`, then the
 * link to the day's page. The site's name comes first: pasted elsewhere, "Daily" alone says not
 * which game. Only a solve has a time: how long a give-up took says nothing.
 */
export function shareText(r: SharedResult, link: string): string {
  const name = dailyName(r.day);
  const moves = m.game_moves({ count: r.moves });
  const line = r.won
    ? m.daily_share_won({ name, time: formatDuration(r.timeMs), moves })
    : m.daily_share_lost({ name, built: r.progress, total: r.total, moves });
  return `${line}\n${link}`;
}

/** The page of one day: its leaderboard, and once the day is over its solution and replays. */
export function dayPath(date: string): string {
  return `/leaderboards?tab=daily&date=${date}`;
}

/** `1st`, `1.`, `1er`, `1.º`: a place as the player's language writes it (Intl.PluralRules' ordinals). */
export function ordinal(n: number): string {
  return m.game_ordinal({ count: n });
}

/**
 * Where a daily result stands, in words. Only solvers are ranked; everyone else is listed after
 * them, and is never told a place ("1st of 1" for a give-up would be a lie).
 */
export function standing(row: { readonly won: boolean; readonly rank: number }, solvers: number) {
  if (!row.won) return { figure: m.daily_unranked(), caption: m.daily_unranked_caption() };
  return { figure: ordinal(row.rank), caption: m.daily_of_solvers({ count: solvers }) };
}
