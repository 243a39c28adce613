import { parseFace, positionFromText } from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { placeCards } from './placement.ts';

describe('placeCards', () => {
  it('keys face-up cards by card and face-down cards by place', () => {
    const view = positionFromText('scorpion', 'ac 9H | TH');
    const placed = placeCards(view, [[0, 10], [0]], 110);
    expect(placed.map((p) => p.key)).toEqual(['d0:0', `c${parseFace('9H')}:0`, `c${parseFace('TH')}:0`]);
    expect(placed[2]).toMatchObject({ column: 1, row: 0, left: 110, top: 0, faceUp: true });
  });

  it('keeps the key of a card that moves to another column', () => {
    const before = placeCards(positionFromText('scorpion', '9H | TH'), [[0], [0]], 100);
    const after = placeCards(positionFromText('scorpion', ' | TH 9H'), [[], [0, 30]], 100);
    expect(after.find((p) => p.card === before[0]!.card)!.key).toBe(before[0]!.key);
  });

  it('gives two copies of one face different keys', () => {
    const face = parseFace('KS')!;
    const view = { ...positionFromText('double-scorpion', 'KS | KS'), columns: [[face], [face]] };
    const keys = placeCards(view, [[0], [0]], 50).map((p) => p.key);
    expect(new Set(keys).size).toBe(2);
  });
});
