import { expect, test } from 'vitest';
import { checkNickname, nicknameKey } from './nickname.ts';

const ok = (raw: string) => checkNickname(raw).ok;

test('accepts 2–20 letters, digits, space and _ - . in any script', () => {
  expect(ok('Al')).toBe(true);
  expect(ok('  Zoë_the-2nd.  ')).toBe(true);
  expect(ok('Ελένη')).toBe(true);
  expect(ok('田中')).toBe(true);
  expect(ok('a'.repeat(20))).toBe(true);
});

test('trims and counts characters, not bytes', () => {
  expect(checkNickname('  Bo  ')).toMatchObject({ ok: true, nickname: 'Bo' });
  expect(ok('x')).toBe(false);
  expect(ok('a'.repeat(21))).toBe(false);
  expect(ok('é'.repeat(20))).toBe(true);
});

test('refuses control, format and bidi characters, markup and punctuation', () => {
  for (const bad of ['ab\u202Ecd', 'ab\u200Bcd', 'ab\ncd', 'ab\u0000', '<b>hi</b>', 'a&b', 'hi!', '__', 'ab\u2066cd']) {
    expect(ok(bad), JSON.stringify(bad)).toBe(false);
  }
});

test('refuses the deny list in any case or spelling with separators', () => {
  for (const bad of ['admin', 'ADMIN', 'Ad_min', 'moderator', 'System', 'the root', 'mod']) {
    expect(ok(bad), bad).toBe(false);
  }
});

test('keys are case-insensitive', () => {
  expect(nicknameKey('Alice')).toBe(nicknameKey('aLICE'));
});
