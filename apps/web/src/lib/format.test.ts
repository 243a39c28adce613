import { describe, expect, it } from 'vitest';
import { counted, formatDuration, ordinal, shareText } from './format.ts';

describe('format', () => {
  it('writes times and the share line', () => {
    expect(formatDuration(261_000)).toBe('4:21');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
    expect(formatDuration(-500)).toBe('0:00');
    expect(shareText(123, true, 261_400, 187)).toBe('Scorpion #123 ✅ 4:21 · 187 moves');
    expect(shareText(9, false, 60_000, 3)).toBe('Scorpion #9 ❌ 1:00 · 3 moves');
    expect(shareText(9, false, 60_000, 1)).toBe('Scorpion #9 ❌ 1:00 · 1 move');
    expect([0, 1, 2, 1234].map((n) => counted(n, 'move'))).toEqual(['0 moves', '1 move', '2 moves', '1,234 moves']);
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal).join(' ')).toBe(
      '1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 101st',
    );
  });
});
