import { expect, it } from 'vitest';
import { keyName, parseKeyName } from './key.ts';

it('names a row by its variant and options, and reads the name back', () => {
  const key = { variant: 'wasp', options: { foundations: true, open: true } } as const;
  expect(keyName(key)).toBe('wasp+foundations+open');
  expect(parseKeyName('wasp+foundations+open')).toEqual(key);
  expect(parseKeyName('scorpion')).toEqual({ variant: 'scorpion', options: { foundations: false, open: false } });
});

it('refuses a name that is not a row', () => {
  for (const name of ['spider', 'scorpion+fast', 'scorpion+open+foundations', 'scorpion+open+open', '']) {
    expect(parseKeyName(name)).toBeUndefined();
  }
});
