import { parseFace, positionFromText } from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { cardLabel } from './cardNames.ts';
import { foundationMove, isMovable, moveTo, tapResult, targetsFor } from './targets.ts';

const KH = parseFace('KH')!;

describe('targets', () => {
  it('finds the one column a card may go to, and plays it on a tap', () => {
    const state = positionFromText('scorpion', 'ac 9H | TH | 5S | JD', { stock: 'AS 2S 3S' });
    expect(targetsFor(state, { kind: 'column', column: 0, row: 1 })).toEqual([1]);
    expect(tapResult(state, { kind: 'column', column: 0, row: 1 })).toEqual({
      kind: 'move',
      move: { kind: 'move', from: 0, row: 1, to: 1 },
    });
  });

  it('offers every target when a King could fill several empty columns', () => {
    const state = positionFromText('scorpion', '2c KH | | | 5S');
    expect(tapResult(state, { kind: 'column', column: 0, row: 1 })).toEqual({ kind: 'choose', targets: [1, 2] });
  });

  it('does not tap a whole column into an empty one once the stock is gone', () => {
    const state = positionFromText('scorpion', 'KH QH | | 5S');
    expect(targetsFor(state, { kind: 'column', column: 0, row: 0 })).toEqual([1]);
    expect(tapResult(state, { kind: 'column', column: 0, row: 0 })).toEqual({ kind: 'none' });
  });

  it('still taps a whole column across while the stock decides where cards land', () => {
    const state = positionFromText('scorpion', 'KH QH | | 5S', { stock: 'AS 2S 3S' });
    expect(tapResult(state, { kind: 'column', column: 0, row: 0 }).kind).toBe('move');
  });

  it('plays open reserve cards like column cards', () => {
    const state = positionFromText('three-blind-mice', 'TH | 5S', { reserve: '9H 2C' });
    expect(targetsFor(state, { kind: 'reserve', index: 0 })).toEqual([0]);
    expect(moveTo({ kind: 'reserve', index: 1 }, 3)).toEqual({ kind: 'reserve', index: 1, to: 3 });
  });

  it('sends a complete run to the foundations only where the option is on', () => {
    const run = 'KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH';
    const off = positionFromText('scorpion', `${run} | 5S`);
    const on = positionFromText('scorpion', `${run} | 5S`, { options: { foundations: true } });
    expect(foundationMove(off, 0)).toBeUndefined();
    expect(foundationMove(on, 0)).toEqual({ kind: 'foundation', from: 0 });
    expect(foundationMove(on, 1)).toBeUndefined();
  });

  it('never picks a face-down card', () => {
    const state = positionFromText('scorpion', 'ac 2c 9H');
    expect(isMovable(state, 0, 1)).toBe(false);
    expect(isMovable(state, 0, 2)).toBe(true);
    expect(isMovable(state, 0, 3)).toBe(false);
  });

  it('names cards the way a screen reader should say them', () => {
    // Each name begins with what the card shows, for a player who picks it by saying so.
    expect(cardLabel(parseFace('QH')!, true, 2)).toBe('Q♥, Queen of hearts, face up, column 3');
    expect(cardLabel(-1, false, 0)).toBe('Face-down card, column 1');
    expect(cardLabel(parseFace('QH')!, false, 0, true)).toBe('Q♥, Queen of hearts, face down, column 1');
    expect(cardLabel(KH + 52, true, 9)).toBe('K♥, King of hearts, face up, column 10');
  });
});
