import { FastBoard, positionFromText } from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { FrozenCheck } from './frozen.ts';

function dead(columns: string, stock = ''): boolean {
  return new FrozenCheck(FastBoard.fromState(positionFromText('scorpion', columns, { stock }))).isDead();
}

describe('FrozenCheck', () => {
  it('sees a lowest face-up card sitting on its face-down successor', () => {
    expect(dead('qh JH 5S | KS')).toBe(true);
  });

  it('sees a loose card whose successor is face down under itself', () => {
    expect(dead('qh 8c JH 5S | KS')).toBe(true);
  });

  it('sees a cycle of cards each waiting for the other to move', () => {
    expect(dead('jd 5H 9D 4H | 6h TD')).toBe(true);
  });

  it('sees a card under its successor with nothing between that can ever move', () => {
    expect(dead('3H 2S 2H | 3S')).toBe(false);
    expect(dead('3H 5D 2H | 6d 4D')).toBe(true);
  });

  it('lets through cards whose successor is on top, in the stock, or behind a King', () => {
    expect(dead('qh 8c KH | KS')).toBe(false);
    expect(dead('5H 9D 4H | 6H TD')).toBe(false);
    expect(dead('8c 2D', '3D')).toBe(false);
    expect(dead('3H KS 2H')).toBe(false);
  });
});
