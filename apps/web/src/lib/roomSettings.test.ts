import { describe, expect, it } from 'vitest';
import { roomSettings } from './roomSettings.ts';

describe('room settings', () => {
  it('names whether the room is rated, its series, variant, options, time limit and winnable-only rule', () => {
    expect(
      roomSettings({
        variant: 'scorpion',
        options: { foundations: false, open: false },
        timeLimit: 0,
        winnableOnly: false,
        rated: false,
        bestOf: 1,
      }),
    ).toBe('Scorpion · no time limit');
    expect(
      roomSettings({
        variant: 'wasp',
        options: { foundations: true, open: true },
        timeLimit: 10,
        winnableOnly: true,
        rated: true,
        bestOf: 3,
      }),
    ).toBe('Rated · best of 3 · Wasp · foundations · all face up · 10 minutes · winnable deals only');
  });
});
