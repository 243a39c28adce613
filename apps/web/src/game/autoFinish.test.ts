import { positionFromText } from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { allFaceUp, positionKey } from './autoFinish.ts';

describe('allFaceUp', () => {
  it('is true only once no card is face down and the stock is dealt, and not for a won game', () => {
    expect(allFaceUp(positionFromText('scorpion', 'AC 9H | 8S TH | 5S | 7H'))).toBe(true);
    expect(allFaceUp(positionFromText('scorpion', 'ac 9H | 8S TH | 5S | 7H'))).toBe(false);
    expect(allFaceUp(positionFromText('scorpion', 'AC 9H | 8S TH', { stock: 'AS 2S 3S' }))).toBe(false);
  });

  it('keys a position by its cards, whichever object holds it', () => {
    const text = 'AC 9H | 8S TH | 5S | 7H';
    expect(positionKey(positionFromText('scorpion', text))).toBe(positionKey(positionFromText('scorpion', text)));
    expect(positionKey(positionFromText('scorpion', text))).not.toBe(
      positionKey(positionFromText('scorpion', 'AC 9H | 8S TH | 7H | 5S')),
    );
  });
});
