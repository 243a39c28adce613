import { FastBoard, type GameState, positionFromText } from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { PositionHasher } from './hasher.ts';

function keyOf(state: GameState): [number, number] {
  const hasher = new PositionHasher(FastBoard.fromState(state), state);
  return [hasher.lo, hasher.hi];
}

describe('PositionHasher', () => {
  it('ignores column order once there is no stock', () => {
    const a = positionFromText('scorpion', 'kh 5S 4S | QD JD | | 9C');
    const b = positionFromText('scorpion', '9C | | QD JD | kh 5S 4S');
    expect(keyOf(a)).toEqual(keyOf(b));
  });

  it('keeps columns 1–3 in place while the stock is undealt, and only those', () => {
    const stock = { stock: '2C 3C 4C' };
    const a = positionFromText('scorpion', 'kh 5S | QD | 9C | 8H | 7D', stock);
    expect(keyOf(a)).not.toEqual(keyOf(positionFromText('scorpion', 'QD | kh 5S | 9C | 8H | 7D', stock)));
    expect(keyOf(a)).toEqual(keyOf(positionFromText('scorpion', 'kh 5S | QD | 9C | 7D | 8H', stock)));
  });

  it('tells face-down cards, card order and column boundaries apart', () => {
    const base = keyOf(positionFromText('scorpion', 'KH 5S 4S | QD'));
    expect(base).not.toEqual(keyOf(positionFromText('scorpion', 'kh 5S 4S | QD')));
    expect(base).not.toEqual(keyOf(positionFromText('scorpion', 'KH 4S 5S | QD')));
    expect(base).not.toEqual(keyOf(positionFromText('scorpion', 'KH 5S | QD 4S')));
  });

  it('hashes the two copies of a face alike, and two equal columns without cancelling', () => {
    const a = positionFromText('double-scorpion', 'KS | KS | 5H');
    const swapped = { ...a, columns: [a.columns[1]!, a.columns[0]!, a.columns[2]!] };
    expect(keyOf(a)).toEqual(keyOf(swapped));
    expect(keyOf(a)).not.toEqual(keyOf(positionFromText('double-scorpion', 'KH | KH | 5H')));
  });

  it('updates the key on play and restores it on undo, matching a fresh hash', () => {
    const start = positionFromText('scorpion', 'qh 5S 4S | 6S | KD', { stock: '2C 3C AC' });
    const board = FastBoard.fromState(start);
    const hasher = new PositionHasher(board, start);
    const before = [hasher.lo, hasher.hi];
    const moves = new Int32Array(64);
    for (let ply = 0; ply < 3; ply++) {
      board.generate(moves);
      hasher.play(moves[0]!);
      expect([hasher.lo, hasher.hi]).toEqual(keyOf(board.toState()));
    }
    for (let ply = 0; ply < 3; ply++) hasher.undo();
    expect([hasher.lo, hasher.hi]).toEqual(before);
  });
});
