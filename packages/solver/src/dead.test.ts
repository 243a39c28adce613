import { FastBoard, positionFromText } from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { DeadlockCheck } from './dead.ts';

function dead(columns: string): boolean {
  return new DeadlockCheck(FastBoard.fromState(positionFromText('scorpion', columns))).isDead();
}

describe('DeadlockCheck', () => {
  it('sees a card whose successor is face down under it', () => {
    expect(dead('qh 8c JH 5S | KS')).toBe(true);
  });

  it('sees a cycle across columns', () => {
    expect(dead('qh 8c 4S | 5s 2c JH | KD')).toBe(true);
    expect(dead('qh 8c 4S | 5s 2c 6D | 7d 3c JH')).toBe(true);
  });

  it('lets a King, a face-up successor or a chain that ends well through', () => {
    expect(dead('qh 8c KH | KS')).toBe(false);
    expect(dead('qh 8c JD | 5s 2c QD')).toBe(false);
    expect(dead('qh 8c 4S | 5s 2c 6D | 7d 3c KH')).toBe(false);
  });

  it('ignores columns without face-down cards', () => {
    expect(dead('QH JH | 5S 6S')).toBe(false);
  });
});
