import { dealFromSeed } from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { parseSeedInput } from './seedInput.ts';

describe('parseSeedInput', () => {
  it('leaves the seed to chance when the field is empty', () => {
    expect(parseSeedInput('')).toEqual({ ok: true, seed: undefined });
    expect(parseSeedInput('  \n')).toEqual({ ok: true, seed: undefined });
  });

  it('takes a seed that dealFromSeed deals, forgiving capitals and spaces', () => {
    const typed = ' 0123 4567 89AB CDEF 0123 4567 89ab cdef ';
    const result = parseSeedInput(typed);
    expect(result).toEqual({ ok: true, seed: '0123456789abcdef0123456789abcdef' });
    if (result.ok) expect(() => dealFromSeed('scorpion', result.seed!)).not.toThrow();
  });

  it('names the character that is not a hex digit', () => {
    expect(parseSeedInput('0123456789abcdeg0123456789abcdef')).toEqual({
      ok: false,
      error: 'A seed has only the digits 0–9 and the letters a–f, not “g”.',
    });
    expect(parseSeedInput('seed=00')).toMatchObject({ ok: false, error: expect.stringContaining('“s”') });
  });

  it('says how long a seed is when it is too short or too long', () => {
    expect(parseSeedInput('abc')).toEqual({ ok: false, error: 'A seed is 32 hex digits long; this one has 3.' });
    expect(parseSeedInput('0'.repeat(33))).toMatchObject({ ok: false, error: expect.stringContaining('has 33') });
  });
});
