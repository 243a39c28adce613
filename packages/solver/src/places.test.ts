import {
  FastBoard,
  type GameState,
  KIND_DEAL,
  KIND_FOUNDATION,
  KIND_MOVE,
  KIND_RESERVE,
  KIND_UNFOUNDATION,
} from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { CardPlaces, columnOf, NOWHERE, rowOf } from './places.ts';
import { smallPosition } from './small.ts';
import { randomWalk } from './walk.ts';

/** Every card's place, read off the board. */
function scan(board: FastBoard): [number, number][] {
  const places: [number, number][] = Array.from({ length: 52 }, () => [NOWHERE, 0]);
  for (let c = 0; c < board.columnCount; c++) {
    for (let r = 0; r < board.lengths[c]!; r++) places[board.cards[c * board.stride + r]!] = [c, r];
  }
  return places;
}

function tracked(places: CardPlaces): [number, number][] {
  return Array.from({ length: 52 }, (_, card) => {
    const place = places.of(card);
    return place === NOWHERE ? [NOWHERE, 0] : [columnOf(place), rowOf(place)];
  });
}

function seedOf(i: number): string {
  return (i + 1).toString(16).padStart(32, 'c');
}

describe('CardPlaces', () => {
  it('follows every kind of move, played and taken back', () => {
    const kinds = [0, 0, 0, 0, 0, 0, 0, 0];
    let wrong = 0;
    for (let i = 0; i < 40; i++) {
      const variant = i % 2 === 0 ? 'scorpion' : 'three-blind-mice';
      const start: GameState = smallPosition(variant, seedOf(i), {
        suits: 1 + (i % 3),
        columns: 5,
        options: { foundations: true },
      });
      const board = FastBoard.fromState(start);
      const places = new CardPlaces(board);
      const check = () => {
        if (JSON.stringify(tracked(places)) !== JSON.stringify(scan(board))) wrong++;
      };
      const played = randomWalk(board, seedOf(i), 400, {
        played: (move, landing) => {
          places.played(move, landing);
          check();
        },
        undone: (move) => {
          places.undone(move);
          check();
        },
      });
      played.forEach((n, kind) => {
        kinds[kind] = kinds[kind]! + n;
      });
    }
    expect(wrong).toBe(0);
    for (const kind of [KIND_MOVE, KIND_DEAL, KIND_RESERVE, KIND_FOUNDATION, KIND_UNFOUNDATION]) {
      expect(kinds[kind]).toBeGreaterThan(0);
    }
  });
});
