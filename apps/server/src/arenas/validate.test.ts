import { expect, test } from 'vitest';
import { checkPrivateArena, type PrivateArenaInput } from './validate.ts';

const NOW = Date.parse('2026-12-06T12:00:00Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const good: PrivateArenaInput = { name: 'Friday club', startsAt: NOW + 30 * MINUTE, minutes: 45, variant: 'wasp' };
const check = (change: Partial<PrivateArenaInput>) => checkPrivateArena({ ...good, ...change }, NOW);
const code = (change: Partial<PrivateArenaInput>) => {
  const checked = check(change);
  return checked.ok ? 'ok' : checked.code;
};

test('a good arena comes back as it was asked for', () => {
  expect(check({})).toEqual({ ok: true, arena: good });
});

test('the name is trimmed, and has 1 to 40 characters, counted as a reader counts them', () => {
  expect(check({ name: '  Friday club \n' })).toMatchObject({ ok: true, arena: { name: 'Friday club' } });
  expect(code({ name: '' })).toBe('arena-bad-name');
  expect(code({ name: '   ' })).toBe('arena-bad-name');
  expect(code({ name: 'x'.repeat(40) })).toBe('ok');
  expect(code({ name: 'x'.repeat(41) })).toBe('arena-bad-name');
  expect(code({ name: '🦂'.repeat(40) })).toBe('ok');
  expect(check({ name: 'Cafe\u0301' })).toMatchObject({ ok: true, arena: { name: 'Café' } });
});

test('a name with a control or invisible character is refused, with a message to show', () => {
  for (const name of ['a\u0000b', 'tab\there', 'line\nbreak', 'bidi\u202Eevil', 'zero\u200Bwidth', 'sep\u2028x']) {
    expect(check({ name }), JSON.stringify(name)).toEqual({
      ok: false,
      code: 'arena-bad-name',
      message: "An arena's name holds no control or invisible characters.",
    });
  }
});

test('a start in the past is refused; one a moment ago is taken as now', () => {
  expect(code({ startsAt: NOW - 61 * 1000 })).toBe('arena-start-past');
  expect(check({ startsAt: NOW - 30 * 1000 })).toMatchObject({ ok: true, arena: { startsAt: NOW } });
  expect(check({ startsAt: NOW })).toMatchObject({ ok: true, arena: { startsAt: NOW } });
});

test('a start more than a week ahead is refused', () => {
  expect(code({ startsAt: NOW + 7 * DAY })).toBe('ok');
  expect(code({ startsAt: NOW + 7 * DAY + 1 })).toBe('arena-start-too-far');
});

test('an arena lasts 10 to 120 whole minutes', () => {
  expect([9, 10, 120, 121, 30.5, Number.NaN].map((minutes) => code({ minutes }))).toEqual([
    'arena-bad-length',
    'ok',
    'ok',
    'arena-bad-length',
    'arena-bad-length',
    'arena-bad-length',
  ]);
});

test('the first thing wrong is the one named', () => {
  expect(code({ name: '', startsAt: NOW - DAY, minutes: 5 })).toBe('arena-bad-name');
  expect(code({ startsAt: NOW - DAY, minutes: 5 })).toBe('arena-start-past');
});
