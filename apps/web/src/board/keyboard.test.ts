import { positionFromText } from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { clampFocus, commandOf, navigate } from './keyboard.ts';

const state = positionFromText('scorpion', 'ac 2c 9H 8H | | 5S 4S 3S');
const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('keyboard navigation', () => {
  it('moves between columns to the top card, empty slots included', () => {
    expect(navigate(state, { column: 0, row: 3 }, 'ArrowRight')).toEqual({ column: 1, row: 0 });
    expect(navigate(state, { column: 1, row: 0 }, 'ArrowRight')).toEqual({ column: 2, row: 2 });
    expect(navigate(state, { column: 2, row: 2 }, 'ArrowRight')).toEqual({ column: 2, row: 2 });
    expect(navigate(state, { column: 2, row: 2 }, 'Home')).toEqual({ column: 0, row: 3 });
  });

  it('moves up and down only over face-up cards', () => {
    expect(navigate(state, { column: 0, row: 3 }, 'ArrowUp')).toEqual({ column: 0, row: 2 });
    expect(navigate(state, { column: 0, row: 2 }, 'ArrowUp')).toEqual({ column: 0, row: 2 });
    expect(navigate(state, { column: 0, row: 2 }, 'ArrowDown')).toEqual({ column: 0, row: 3 });
    expect(navigate(state, { column: 0, row: 3 }, 'ArrowDown')).toEqual({ column: 0, row: 3 });
    expect(navigate(state, { column: 2, row: 2 }, 'PageUp')).toEqual({ column: 2, row: 0 });
  });

  it('keeps the focus on the board when cards move away under it', () => {
    expect(clampFocus(state, { column: 1, row: 4 })).toEqual({ column: 1, row: 0 });
    expect(clampFocus(state, { column: 9, row: 0 })).toEqual({ column: 2, row: 0 });
    expect(clampFocus(state, { column: 0, row: 0 })).toEqual({ column: 0, row: 2 });
  });

  it('ignores keys that are not navigation', () => {
    expect(navigate(state, { column: 0, row: 3 }, 'x')).toBeUndefined();
  });

  it('reads undo and redo on every platform', () => {
    expect(commandOf(key('z', { ctrlKey: true }))).toBe('undo');
    expect(commandOf(key('z', { metaKey: true }))).toBe('undo');
    expect(commandOf(key('Z', { metaKey: true, shiftKey: true }))).toBe('redo');
    expect(commandOf(key('y', { ctrlKey: true }))).toBe('redo');
    expect(commandOf(key('Enter'))).toBe('activate');
    expect(commandOf(key(' '))).toBe('activate');
    expect(commandOf(key('Escape'))).toBe('cancel');
    expect(commandOf(key('d'))).toBe('deal');
    expect(commandOf(key('d', { ctrlKey: true }))).toBeUndefined();
  });
});
