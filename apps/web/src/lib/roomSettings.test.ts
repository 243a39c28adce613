import { describe, expect, it } from 'vitest';
import { roomSettings } from './roomSettings.ts';

describe('room settings', () => {
  it("names the room's variant, options, time limit and winnable-only rule", () => {
    expect(
      roomSettings({
        variant: 'scorpion',
        options: { foundations: false, open: false },
        timeLimit: 0,
        winnableOnly: false,
      }),
    ).toBe('Scorpion · no time limit');
    expect(
      roomSettings({ variant: 'wasp', options: { foundations: true, open: true }, timeLimit: 10, winnableOnly: true }),
    ).toBe('Wasp · foundations · all face up · 10 minutes · winnable deals only');
  });
});
