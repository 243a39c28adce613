import { ArenaId } from '@scorpion/protocol';
import { VARIANT_IDS, VARIANTS } from '@scorpion/rules';
import { expect, test } from 'vitest';
import { DAILY_ROTATION, lastEnded, scheduledArena, upcoming } from './schedule.ts';

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;
/** One line per arena: its id, start time and length, as the schedule list reads. */
const listed = (now: string, hours: number) =>
  upcoming(at(now), hours * HOUR).map(
    (a) => `${a.id} ${new Date(a.startsAt).toISOString().slice(11, 16)} ${a.minutes}`,
  );

// 2026-12-06 is a Sunday.
test('a weekday: an arena every hour, the daily one at 20:00 in place of that hour', () => {
  expect(listed('2026-12-07T18:30:00Z', 3)).toEqual([
    'h-2026-12-07T19 19:00 20',
    'd-2026-12-07 20:00 60',
    'h-2026-12-07T21 21:00 20',
  ]);
});

test('a Sunday: the weekly arena from 18:00 to 20:00 takes those hours, the daily follows it', () => {
  expect(listed('2026-12-06T16:50:00Z', 6)).toEqual([
    'h-2026-12-06T17 17:00 20',
    'w-2026-12-06 18:00 120',
    'd-2026-12-06 20:00 60',
    'h-2026-12-06T21 21:00 20',
    'h-2026-12-06T22 22:00 20',
  ]);
});

test('an arena running now is listed until its end, and not after', () => {
  expect(listed('2026-12-07T13:19:59Z', 0)).toEqual(['h-2026-12-07T13 13:00 20']);
  expect(listed('2026-12-07T13:20:00Z', 0)).toEqual([]);
  expect(listed('2026-12-06T19:59:00Z', 0)).toEqual(['w-2026-12-06 18:00 120']);
});

test('an arena is the same whenever it is computed: processes with clocks apart agree', () => {
  const early = upcoming(at('2026-12-06T11:05:00Z'), 7 * 24 * HOUR);
  const late = new Map(upcoming(at('2026-12-06T15:47:13Z'), 7 * 24 * HOUR).map((a) => [a.id, a]));
  const shared = early.filter((a) => late.has(a.id));
  expect(shared.length).toBeGreaterThan(150);
  for (const a of shared) expect(late.get(a.id)).toEqual(a);
  // The hour running and 168 more, less each day's 20:00 and Sunday's 18:00 and 19:00; 7 daily, 1 weekly.
  expect(early).toHaveLength(1 + 168 - 7 - 2 + 7 + 1);
});

test('the daily arena takes each variant in turn, Scorpion Tail being Scorpion', () => {
  expect(scheduledArena('d-1970-01-01')!.variant).toBe('scorpion');
  const days = Array.from({ length: 10 }, (_, i) => scheduledArena(`d-2026-12-${String(i + 1).padStart(2, '0')}`)!);
  const first = DAILY_ROTATION.indexOf(days[0]!.variant);
  expect(days.map((d) => d.variant)).toEqual(days.map((_, i) => DAILY_ROTATION[(first + i) % DAILY_ROTATION.length]));
  expect(new Set(DAILY_ROTATION)).toEqual(new Set(VARIANT_IDS.filter((v) => VARIANTS[v].sameAs === undefined)));
  expect(days[0]!.name).toBe(`Daily ${VARIANTS[days[0]!.variant].name}`);
});

test('an id gives back its arena, with nothing stored', () => {
  expect(scheduledArena('h-2026-12-06T13')).toEqual({
    id: 'h-2026-12-06T13',
    kind: 'hourly',
    name: 'Hourly Scorpion',
    variant: 'scorpion',
    startsAt: at('2026-12-06T13:00:00Z'),
    endsAt: at('2026-12-06T13:20:00Z'),
    minutes: 20,
  });
  expect(scheduledArena('w-2026-12-06')).toMatchObject({ kind: 'weekly', minutes: 120 });
  for (const a of upcoming(at('2026-12-06T00:00:00Z'), 14 * 24 * HOUR)) {
    expect(scheduledArena(a.id)).toEqual(a);
    expect(ArenaId.safeParse(a.id).success).toBe(true);
  }
});

test('an id of no arena held is null: malformed, no such date, not a Sunday, or a slot taken', () => {
  for (const id of [
    'h-2026-12-06',
    'd-2026-12-06T13',
    'h-2026-12-06T24',
    'd-2026-02-30',
    'w-2026-12-07',
    'h-2026-12-06T18',
    'h-2026-12-07T20',
    'x-2026-12-06',
    'h-2026-12-06T13 ',
  ]) {
    expect(scheduledArena(id), id).toBeNull();
  }
});

test("the weekly mark belongs to the last weekly arena's winner until the next one ends", () => {
  expect(lastEnded('weekly', at('2026-12-06T19:59:59Z')).id).toBe('w-2026-11-29');
  expect(lastEnded('weekly', at('2026-12-06T20:00:00Z')).id).toBe('w-2026-12-06');
  expect(lastEnded('weekly', at('2026-12-12T12:00:00Z')).id).toBe('w-2026-12-06');
});

test('the last hourly arena ended is found across the hours the longer arenas take', () => {
  expect(lastEnded('hourly', at('2026-12-06T21:19:00Z')).id).toBe('h-2026-12-06T17');
  expect(lastEnded('hourly', at('2026-12-06T21:20:00Z')).id).toBe('h-2026-12-06T21');
  expect(lastEnded('daily', at('2026-12-07T10:00:00Z')).id).toBe('d-2026-12-06');
});
