import { describe, expect, it } from 'vitest';
import { applyMove } from './apply.ts';
import { hasLegalMove, hasLegalMoveUnwon, legalMoves } from './legal.ts';
import { isWon } from './runs.ts';
import { dealFromSeed } from './seed.ts';
import { type GameState, newGame } from './state.ts';
import { positionFromText } from './text.ts';
import { VARIANT_IDS } from './variants.ts';
import { toPlayerView } from './view.ts';

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

// The walks below replay a few thousand positions: seconds on a busy machine.
describe('hasLegalMove', { timeout: 60_000 }, () => {
  it('says whether legalMoves finds any, on every position of played-out games and their views', () => {
    let stuck = 0;
    let checked = 0;
    for (const variant of VARIANT_IDS) {
      for (const foundations of [false, true]) {
        for (const open of [false, true]) {
          for (let game = 0; game < 3; game++) {
            const seed = `${variant.length}${game}${foundations ? 1 : 0}${open ? 1 : 0}`.padStart(32, '0');
            let state: GameState = newGame(variant, { foundations, open }, dealFromSeed(variant, seed));
            // A fixed walk to the end (stuck or won): the last move's choice by a simple counter.
            for (let step = 0; step < 400; step++) {
              const moves = legalMoves(state);
              for (const position of [state, toPlayerView(state)]) {
                expect(hasLegalMove(position)).toBe(legalMoves(position).length > 0);
                if (!isWon(position)) expect(hasLegalMoveUnwon(position)).toBe(hasLegalMove(position));
                checked++;
              }
              if (moves.length === 0) {
                stuck++;
                break;
              }
              const played = applyMove(state, moves[(step * 7 + game) % moves.length]!);
              if (!played.ok) throw new Error(played.reason);
              state = played.state;
            }
          }
        }
      }
    }
    // The walks reach many positions and end stuck often: both answers are exercised.
    expect(checked).toBeGreaterThan(5000);
    expect(stuck).toBeGreaterThan(20);
  });

  it('counts a deal, a run to take back and a reserve card, and nothing when won', () => {
    const run = 'KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH';
    // Aces on top everywhere, no King to fill the empty columns: nothing goes anywhere.
    const blocked = '2S AS | 2D AD | 2C AC | 2H AH | | |';
    const cases: [GameState, boolean][] = [
      [positionFromText('scorpion', blocked), false],
      [positionFromText('scorpion', blocked, { stock: 'KS' }), true],
      [positionFromText('scorpion', blocked, { foundations: [run], options: { foundations: true } }), true],
      [positionFromText('scorpion', blocked, { reserve: 'KS' }), true],
      [positionFromText('scorpion', `${run} | | | | | |`), false],
    ];
    for (const [position, expected] of cases) {
      expect(legalMoves(position).length > 0).toBe(expected);
      expect(hasLegalMove(position)).toBe(expected);
    }
  });
});
