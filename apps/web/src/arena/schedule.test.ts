import type { ArenaSummary } from '@scorpion/protocol';
import { expect, test } from 'vitest';
import { ApiFailure } from '../net/api.ts';
import { type ArenaForm, ArenaMaker, ArenaSchedule, type Fetcher, localInputValue } from './schedule.svelte.ts';
import { refusalText } from './text.ts';

const MIN = 60_000;
const NOW = Date.UTC(2026, 11, 6, 13, 5);

function arena(id: string, startsAt: number, minutes: number): ArenaSummary {
  return {
    id,
    kind: 'hourly',
    name: 'Hourly Scorpion',
    variant: 'scorpion',
    startsAt,
    endsAt: startsAt + minutes * MIN,
    minutes,
    dealLimitMs: 5 * MIN,
    status: startsAt <= NOW ? 'running' : 'upcoming',
    players: 3,
    createdBy: null,
    winner: null,
  };
}

/** A fetch that answers every call with `answer` and keeps what it was asked. */
function fetcher(answer: () => unknown) {
  const calls: { path: string; init?: { method?: string; body?: unknown } }[] = [];
  const fn = (async (path: string, init?: { method?: string; body?: unknown }) => {
    calls.push({ path, init });
    return answer();
  }) as Fetcher;
  return { fn, calls };
}

test('the schedule splits what runs now from what starts next, on the server clock', async () => {
  const list = [arena('h-2026-12-06T13', NOW - 5 * MIN, 20), arena('h-2026-12-06T14', NOW + 55 * MIN, 20)];
  const { fn } = fetcher(() => ({ arenas: list, serverTime: NOW }));
  const schedule = new ArenaSchedule(fn);
  await schedule.load();
  const { running, next } = schedule.headline(NOW);
  expect(running.map((a) => a.id)).toEqual(['h-2026-12-06T13']);
  expect(next?.id).toBe('h-2026-12-06T14');
  // The page's clock may be hours off: the server's time is what counts.
  expect(Math.abs(schedule.serverNow() - NOW)).toBeLessThan(1000);
  // Once the first has ended it is neither running nor next.
  expect(schedule.headline(NOW + 16 * MIN).running).toEqual([]);
});

test('an unreachable schedule is said in words', async () => {
  const schedule = new ArenaSchedule((async () => {
    throw new ApiFailure('network', 'The server cannot be reached.');
  }) as Fetcher);
  await schedule.load();
  expect(schedule.loaded).toBe(false);
  expect(schedule.failure).toBe(refusalText('network', ''));
});

const form: ArenaForm = { name: 'Friday club', now: true, at: '', minutes: 30, variant: 'wasp' };

test('a private arena starting now is asked with the server clock, and the arena made is returned', async () => {
  const made = arena('p-AbCdEf_-1234', NOW, 30);
  const { fn, calls } = fetcher(() => made);
  const maker = new ArenaMaker(fn);
  expect(await maker.create(form, NOW)).toEqual(made);
  expect(calls).toEqual([
    {
      path: '/api/arenas',
      init: { method: 'POST', body: { name: 'Friday club', startsAt: NOW, minutes: 30, variant: 'wasp' } },
    },
  ]);
  expect(maker.creating).toBe(false);
});

test('a later start is read in the visitor’s own time zone', async () => {
  const { fn, calls } = fetcher(() => arena('p-AbCdEf_-1234', NOW, 30));
  const at = NOW + 90 * MIN;
  await new ArenaMaker(fn).create({ ...form, now: false, at: localInputValue(at) }, NOW);
  expect((calls[0]!.init!.body as { startsAt: number }).startsAt).toBe(at);
});

test('each of the server’s refusals is worded for people, and nothing is made', async () => {
  for (const code of ['arena-bad-name', 'arena-start-past', 'arena-start-too-far', 'arena-bad-length'] as const) {
    const maker = new ArenaMaker((async () => {
      throw new ApiFailure(code, `server words for ${code}`);
    }) as Fetcher);
    expect(await maker.create(form, NOW)).toBeUndefined();
    expect(maker.failure).toBe(refusalText(code, ''));
    expect(maker.failure).not.toContain('server words');
  }
  const maker = new ArenaMaker(fetcher(() => ({})).fn);
  expect(await maker.create({ ...form, now: false, at: '' }, NOW)).toBeUndefined();
  expect(maker.failure).toMatch(/Pick the day and time/);
});
