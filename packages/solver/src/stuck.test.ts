import { dealFromSeed, FACES, FastBoard, type GameState, newGame, positionFromText } from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { referenceSolve } from './reference.ts';
import { nearlySolved, smallPosition } from './small.ts';
import { StuckCheck } from './stuck.ts';
import { randomWalk } from './walk.ts';

function dead(columns: string): boolean {
  return new StuckCheck(FastBoard.fromState(positionFromText('double-scorpion', columns))).isDead();
}

/**
 * The rule of stuck.ts written out plainly, for comparison: every face-up card's conditions from
 * scratch, then the least fixpoint by repeated passes.
 */
function plainIsDead(board: FastBoard): boolean {
  const { cards, stride, lengths, hidden, columnCount } = board;
  const at = new Map<number, [number, number]>();
  for (let c = 0; c < columnCount; c++) {
    for (let r = 0; r < lengths[c]!; r++) at.set(cards[c * stride + r]!, [c, r]);
  }
  const may = new Set<number>();
  const needs = new Map<number, number[][]>();
  for (let c = 0; c < columnCount; c++) {
    for (let r = hidden[c]!; r < lengths[c]!; r++) {
      const card = cards[c * stride + r]!;
      if (card % 13 === 12) {
        may.add(card);
        continue;
      }
      const options: number[][] = [];
      let free = false;
      for (const copy of [(card % FACES) + 1, (card % FACES) + 1 + FACES]) {
        if (copy >= stride || (r > 0 && cards[c * stride + r - 1] === copy)) continue;
        const place = at.get(copy);
        if (!place) free = true;
        else {
          const [sc, sr] = place;
          const column = (from: number, to: number) =>
            Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => cards[sc * stride + from + i]!);
          // Something on W: the card on it, or the lowest face-up card above it, must move first.
          if (sr < lengths[sc]! - 1) {
            const on = Math.max(sr + 1, hidden[sc]!);
            options.push(column(on, on));
          } else if (sc !== c) free = true;
          else options.push(column(r + 1, sr));
        }
      }
      if (free) may.add(card);
      else needs.set(card, options);
    }
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (const [card, options] of needs) {
      if (may.has(card) || !options.some((option) => option.some((other) => may.has(other)))) continue;
      may.add(card);
      changed = true;
    }
  }
  for (let c = 0; c < columnCount; c++) {
    for (let r = hidden[c]!; r < lengths[c]!; r++) {
      const card = cards[c * stride + r]!;
      const loose = r === 0 || cards[c * stride + r - 1]! % FACES !== (card % FACES) + 1;
      if (!may.has(card) && (loose || (r === hidden[c]! && r > 0))) return true;
    }
  }
  return false;
}

function seedOf(i: number): string {
  return (i + 1).toString(16).padStart(32, 'e');
}

describe('StuckCheck', () => {
  it('sees two lowest face-up cards each waiting for the other', () => {
    expect(dead('qh JH | qh JH')).toBe(true);
  });

  it('sees a card on one copy of its successor waiting for a card that waits for it', () => {
    // The JH on QH could only move to the other QH, face down under the other JH.
    expect(dead('qh JH | QH JH')).toBe(true);
  });

  it('sees a card whose successors are both face down under it with nothing between to move', () => {
    expect(dead('qh qh JH')).toBe(true);
    expect(dead('qh qh 5D JH')).toBe(false);
  });

  it('lets through a successor on top, out of the columns, behind a King, or a move to the other copy', () => {
    expect(dead('qh JH | qh KS')).toBe(false);
    expect(dead('qh JH | QH')).toBe(false);
    expect(dead('qh JH')).toBe(false);
    expect(dead('qh JH | QH KS | KD QH JH')).toBe(false);
  });

  it('agrees with the plain fixpoint along random walks', () => {
    let deadSeen = 0;
    let positions = 0;
    for (let i = 0; i < 12; i++) {
      const options = { foundations: i % 3 === 2, open: i % 4 === 1 };
      const start =
        i % 2 === 0
          ? newGame('double-scorpion', options, dealFromSeed('double-scorpion', seedOf(i)))
          : smallPosition('double-scorpion', seedOf(i), { suits: 1 + (i % 3), columns: 5, options });
      const board = FastBoard.fromState(start);
      const check = new StuckCheck(board);
      const compare = () => {
        const expected = plainIsDead(board);
        expect(check.isDead()).toBe(expected);
        positions++;
        if (expected) deadSeen++;
      };
      compare();
      randomWalk(board, seedOf(i), 400, {
        played: (move, landing) => {
          check.places.played(move, landing);
          compare();
        },
        undone: (move) => {
          check.places.undone(move);
          compare();
        },
      });
    }
    expect(positions).toBeGreaterThan(4000);
    expect(deadSeen).toBeGreaterThan(20);
  });
});

describe('StuckCheck only calls lost positions dead', { timeout: 60_000 }, () => {
  /** Positions along random walks from small Double Scorpion positions that the check calls dead. */
  function deadPositions(make: (i: number) => GameState, count: number): GameState[] {
    const found: GameState[] = [];
    for (let i = 0; i < count; i++) {
      const board = FastBoard.fromState(make(i));
      const check = new StuckCheck(board);
      let last = -1;
      randomWalk(board, seedOf(i), 300, {
        played: (move, landing) => {
          check.places.played(move, landing);
          if (board.depth() !== last && check.isDead()) {
            last = board.depth();
            found.push(board.toState());
          }
        },
        undone: (move) => check.places.undone(move),
        goOn: () => !check.isDead(),
      });
    }
    return found;
  }

  it('the exhaustive search finds no win from any of them', () => {
    const positions = [
      ...deadPositions((i) => smallPosition('double-scorpion', seedOf(i), { suits: 1, columns: 4 + (i % 2) }), 20),
      ...deadPositions(
        (i) => nearlySolved('double-scorpion', seedOf(i), { suits: 1, columns: 4, cuts: 3 + (i % 5) }),
        20,
      ),
    ];
    let decided = 0;
    for (const state of positions.slice(0, 60)) {
      const verdict = referenceSolve(state, 20_000);
      expect(verdict.result).not.toBe('win');
      if (verdict.result === 'loss') decided++;
    }
    expect(decided).toBeGreaterThan(10);
  });
});
