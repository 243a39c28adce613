import { describe, expect, it } from 'vitest';
import { roomCodeFrom } from './roomCode.ts';

describe('a room code typed or pasted', () => {
  it('is read in any case, with spaces or a dash, or out of a room link', () => {
    expect(roomCodeFrom('K7MPQ2')).toBe('K7MPQ2');
    expect(roomCodeFrom(' k7m pq2 ')).toBe('K7MPQ2');
    expect(roomCodeFrom('k7m-pq2')).toBe('K7MPQ2');
    expect(roomCodeFrom('https://scorpion.example/r/K7MPQ2')).toBe('K7MPQ2');
    expect(roomCodeFrom('http://localhost:8080/r/k7mpq2/?from=chat')).toBe('K7MPQ2');
  });

  it('is refused when it cannot be a code: wrong length, or a letter the codes never use', () => {
    for (const text of ['', 'K7MPQ', 'K7MPQ23', 'K7MPQO', 'K7MPQ1', 'https://scorpion.example/daily', 'K7MPQ!']) {
      expect(roomCodeFrom(text)).toBeUndefined();
    }
  });
});
