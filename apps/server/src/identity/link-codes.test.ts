import { expect, test } from 'vitest';
import { newLinkCode, normalizeLinkCode } from './link-codes.ts';

test('a code is two groups of four unambiguous characters, read back whatever the case, spacing or look-alike letters', () => {
  const code = newLinkCode();
  expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  expect(normalizeLinkCode(code)).toBe(code.replace('-', ''));
  expect(normalizeLinkCode(' k7qm 2xpd ')).toBe('K7QM2XPD');
  expect(normalizeLinkCode('OIL0-1234')).toBe('01101234');
  expect(normalizeLinkCode('K7QM-2XP')).toBeUndefined();
  expect(normalizeLinkCode('K7QM-2XPU')).toBeUndefined();
  expect(normalizeLinkCode('')).toBeUndefined();
});
