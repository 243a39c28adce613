import type { GameStatus } from '@scorpion/protocol';
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
  if (status === 'won') return 'solved';
  if (status === 'gave-up') return 'gave up';
  return status === 'timed-out' ? 'time ran out' : 'not finished';
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
  return `Daily #${day}`;
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
  const how = r.won ? `✅ ${formatDuration(r.timeMs)}` : `❌ ${r.progress}/${r.total} built`;
  return `Scorpion Race ${dailyName(r.day)} ${how} · ${counted(r.moves, 'move')}\n${link}`;
}

/** The page of one day: its leaderboard, and once the day is over its solution and replays. */
export function dayPath(date: string): string {
  return `/leaderboards?tab=daily&date=${date}`;
}

export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/**
 * Where a daily result stands, in words. Only solvers are ranked; everyone else is listed after
 * them, and is never told a place ("1st of 1" for a give-up would be a lie).
 */
export function standing(row: { readonly won: boolean; readonly rank: number }, solvers: number) {
  if (!row.won) return { figure: 'Unranked', caption: 'solvers only have a place' };
  return { figure: ordinal(row.rank), caption: `of ${counted(solvers, 'solver')} today` };
}
