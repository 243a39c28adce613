import { describe, expect, it } from 'vitest';
import { roomSettings } from './roomSettings.ts';

describe('room settings', () => {
  it('names whether the room is rated, its series, variant, options, time limit and finish window and winnable-only rule', () => {
    expect(
      roomSettings({
        variant: 'scorpion',
        options: { foundations: false, open: false },
        timeLimit: 0,
        finishWindow: 0,
        winnableOnly: false,
        rated: false,
        bestOf: 1,
      }),
    ).toBe('Scorpion · no time limit · waits for every racer');
    expect(
      roomSettings({
        variant: 'wasp',
        options: { foundations: true, open: true },
        timeLimit: 10,
        finishWindow: 30,
        winnableOnly: true,
        rated: true,
        bestOf: 3,
      }),
    ).toBe(
      'Rated · best of 3 · Wasp · foundations · all face up · 10 minutes · 30 s to finish after a solve · winnable deals only',
    );
  });
});
