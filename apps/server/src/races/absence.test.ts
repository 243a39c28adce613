import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { Absences } from './absence.ts';

const GRACE = 1000;
let expired: string[];
let absences: Absences;

beforeEach(() => {
  vi.useFakeTimers();
  expired = [];
  absences = new Absences(Date.now, GRACE, (id) => expired.push(id));
});
afterEach(() => {
  absences.stop();
  vi.useRealTimers();
});

test('a player away for the whole grace expires once', () => {
  absences.away('ann');
  vi.advanceTimersByTime(GRACE - 1);
  expect(expired).toEqual([]);
  vi.advanceTimersByTime(1);
  expect(expired).toEqual(['ann']);
  vi.advanceTimersByTime(GRACE * 3);
  expect(expired).toEqual(['ann']);
});

test('coming back within the grace cancels it, and the next absence gets a whole grace', () => {
  absences.away('ann');
  vi.advanceTimersByTime(GRACE - 100);
  absences.back('ann');
  vi.advanceTimersByTime(GRACE);
  expect(expired).toEqual([]);
  absences.away('ann');
  vi.advanceTimersByTime(GRACE - 1);
  expect(expired).toEqual([]);
  vi.advanceTimersByTime(1);
  expect(expired).toEqual(['ann']);
});

test('a second drop while away keeps the first one’s start', () => {
  absences.away('ann');
  vi.advanceTimersByTime(600);
  absences.away('ann');
  vi.advanceTimersByTime(400);
  expect(expired).toEqual(['ann']);
});

test('the grace runs on the server clock: a timer that fires early waits for it', () => {
  let lag = 0;
  const slow = new Absences(
    () => Date.now() - lag,
    GRACE,
    (id) => expired.push(id),
  );
  slow.away('ben');
  lag = 300;
  vi.advanceTimersByTime(GRACE);
  expect(expired).toEqual([]);
  vi.advanceTimersByTime(300);
  expect(expired).toEqual(['ben']);
  slow.stop();
});

test('stop forgets everyone', () => {
  absences.away('ann');
  absences.stop();
  vi.advanceTimersByTime(GRACE * 2);
  expect(expired).toEqual([]);
});
