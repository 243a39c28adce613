import { VARIANTS, type VariantId } from '@scorpion/rules';

/**
 * The arenas the server holds by itself, computed from the clock alone: every process of a
 * cluster works out the same schedule, with the same ids, without asking anyone. So an arena's
 * row can wait to be written until it is first needed (a player joins), keyed by its id: two
 * processes that both write it write the same thing.
 *
 * - hourly: every hour on the hour, 20 minutes of Scorpion;
 * - daily: 20:00 UTC, 60 minutes, a variant of its own each day, in turn;
 * - weekly: Sunday 18:00 UTC, 120 minutes of Scorpion; its winner's profile carries a mark
 *   until the next weekly one has a winner.
 *
 * A shorter arena is not held while a longer one runs (the hourly arenas of Sunday 18:00–20:00
 * and of 20:00 every day): players gather in one arena rather than split between two.
 */
export type ScheduledKind = 'hourly' | 'daily' | 'weekly';

export interface ScheduledArena {
  readonly id: string;
  readonly kind: ScheduledKind;
  readonly name: string;
  readonly variant: VariantId;
  readonly startsAt: number;
  readonly endsAt: number;
  readonly minutes: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

export const HOURLY_MINUTES = 20;
export const DAILY_MINUTES = 60;
export const DAILY_HOUR = 20;
export const WEEKLY_MINUTES = 120;
export const WEEKLY_HOUR = 18;
/** Sunday, as `Date.getUTCDay` counts. */
export const WEEKLY_DAY = 0;

/**
 * The daily arena's variants, in turn from 1970-01-01 (day 0, Scorpion). Written out rather
 * than read from the rules' list, so a variant added there does not shift every later day's
 * id-to-variant pairing under a cluster mid-deploy. Scorpion Tail is Scorpion by another name.
 */
export const DAILY_ROTATION: readonly VariantId[] = [
  'scorpion',
  'wasp',
  'scorpion-ii',
  'three-blind-mice',
  'double-scorpion',
];

/** `2026-12-06T13`: the hour of a time, UTC. */
const hourOf = (ms: number) => new Date(ms).toISOString().slice(0, 13);
/** `2026-12-06`: the date of a time, UTC. */
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function arena(kind: ScheduledKind, id: string, name: string, variant: VariantId, startsAt: number, minutes: number) {
  return { id, kind, name, variant, startsAt, endsAt: startsAt + minutes * MINUTE, minutes };
}

function hourly(hourStart: number): ScheduledArena {
  return arena('hourly', `h-${hourOf(hourStart)}`, 'Hourly Scorpion', 'scorpion', hourStart, HOURLY_MINUTES);
}

function daily(dayStart: number): ScheduledArena {
  const variant = DAILY_ROTATION[Math.floor(dayStart / DAY) % DAILY_ROTATION.length]!;
  const startsAt = dayStart + DAILY_HOUR * HOUR;
  return arena('daily', `d-${dateOf(dayStart)}`, `Daily ${VARIANTS[variant].name}`, variant, startsAt, DAILY_MINUTES);
}

function weekly(dayStart: number): ScheduledArena {
  const startsAt = dayStart + WEEKLY_HOUR * HOUR;
  return arena('weekly', `w-${dateOf(dayStart)}`, 'Weekly Scorpion', 'scorpion', startsAt, WEEKLY_MINUTES);
}

const isWeeklyDay = (dayStart: number) => new Date(dayStart).getUTCDay() === WEEKLY_DAY;

/** Every arena starting in [from, to), superseded ones included. */
function candidates(from: number, to: number): ScheduledArena[] {
  const out: ScheduledArena[] = [];
  for (let hour = Math.ceil(from / HOUR) * HOUR; hour < to; hour += HOUR) out.push(hourly(hour));
  for (let day = Math.floor(from / DAY) * DAY; day < to; day += DAY) {
    for (const a of isWeeklyDay(day) ? [daily(day), weekly(day)] : [daily(day)]) {
      if (a.startsAt >= from && a.startsAt < to) out.push(a);
    }
  }
  return out;
}

const overlaps = (a: ScheduledArena, b: ScheduledArena) => a.startsAt < b.endsAt && b.startsAt < a.endsAt;

/** Held unless a longer arena runs at any moment of it. */
function held(a: ScheduledArena): boolean {
  const around = candidates(a.startsAt - WEEKLY_MINUTES * MINUTE, a.endsAt);
  return !around.some((b) => b.minutes > a.minutes && overlaps(a, b));
}

/** Earlier start first; at the same start, the longer arena first. */
function order(a: ScheduledArena, b: ScheduledArena): number {
  return a.startsAt - b.startsAt || b.minutes - a.minutes;
}

/**
 * The scheduled arenas running at `now` or starting before `now + horizonMs`, in start order:
 * what the schedule list shows.
 */
export function upcoming(now: number, horizonMs: number): ScheduledArena[] {
  return candidates(now - WEEKLY_MINUTES * MINUTE, now + horizonMs)
    .filter((a) => a.endsAt > now && held(a))
    .sort(order);
}

const ID = /^([hdw])-(\d{4}-\d{2}-\d{2})(?:T(\d{2}))?$/;

/**
 * The scheduled arena an id names, or null when no such arena is held: a malformed id, a date
 * that does not exist, a weekly id on a day other than Sunday, or a slot a longer arena took.
 * A process given an id by a player needs nothing else to know the arena is real.
 */
export function scheduledArena(id: string): ScheduledArena | null {
  const match = ID.exec(id);
  if (!match) return null;
  const [, kind, date, hour] = match;
  if ((kind === 'h') !== (hour !== undefined)) return null;
  const start = Date.parse(`${date}T${hour ?? '00'}:00:00Z`);
  if (Number.isNaN(start)) return null;
  const found = kind === 'h' ? hourly(start) : kind === 'd' ? daily(start) : isWeeklyDay(start) ? weekly(start) : null;
  // Rebuilding the id refuses dates that Date.parse rolls over (2026-02-30 is March 2).
  return found !== null && found.id === id && held(found) ? found : null;
}

/**
 * The last arena of a kind to have ended by `now`: for the weekly one, the arena whose winner
 * carries the mark now.
 */
export function lastEnded(kind: ScheduledKind, now: number): ScheduledArena {
  const span = kind === 'hourly' ? 6 * HOUR : kind === 'daily' ? 2 * DAY : 2 * WEEK;
  const ended = candidates(now - span, now)
    .filter((a) => a.kind === kind && a.endsAt <= now && held(a))
    .sort(order);
  return ended.at(-1)!;
}
