import { describe, expect, it } from 'vitest';
import { legalMoves } from './legal.ts';
import { positionFromText } from './text.ts';

/*
 * The order of legal moves is what the web app shows when a card has several targets and what
 * the solver explores first; perft cannot see order, so it is pinned here.
 */
describe('legal move order', () => {
  it('lists column moves by source, row and target, then reserve, deal, foundations', () => {
    const run = 'KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH';
    const position = positionFromText('scorpion', `KS 9D | 8D QS | TD | | ${run}`, {
      stock: 'AC 2C 3C',
      foundations: [run.replace(/H/g, 'C')],
      options: { foundations: true },
    });
    expect(legalMoves(position)).toMatchInlineSnapshot(`
      [
        {
          "from": 0,
          "kind": "move",
          "row": 0,
          "to": 3,
        },
        {
          "from": 0,
          "kind": "move",
          "row": 1,
          "to": 2,
        },
        {
          "from": 1,
          "kind": "move",
          "row": 0,
          "to": 0,
        },
        {
          "from": 4,
          "kind": "move",
          "row": 0,
          "to": 3,
        },
        {
          "kind": "deal",
        },
        {
          "from": 4,
          "kind": "foundation",
        },
        {
          "foundation": 0,
          "kind": "unfoundation",
          "to": 3,
        },
      ]
    `);
  });

  it('offers a King every empty column, and a Wasp card too', () => {
    expect(legalMoves(positionFromText('scorpion', ' | 5C KD | ')).map((m) => JSON.stringify(m))).toEqual([
      '{"kind":"move","from":1,"row":1,"to":0}',
      '{"kind":"move","from":1,"row":1,"to":2}',
    ]);
    expect(legalMoves(positionFromText('wasp', ' | 5C KD')).length).toBe(2);
  });

  it('has nothing to offer once the game is won', () => {
    const suits = ['S', 'H', 'D', 'C'].map((s) =>
      'KQJT98765432A'
        .split('')
        .map((r) => `${r}${s}`)
        .join(' '),
    );
    expect(legalMoves(positionFromText('scorpion', `${suits.join(' | ')} | `))).toEqual([]);
  });
});
