import {
  codeKind,
  FastBoard,
  type GameState,
  KIND_DEAL,
  KIND_FOUNDATION,
  KIND_MOVE,
  KIND_RESERVE,
  KIND_UNFOUNDATION,
  positionFromText,
  Sfc32,
} from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { PositionHasher } from './hasher.ts';
import { smallPosition } from './small.ts';

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

  it('peeks every move the way playing it would, without changing the position, and plays what it peeked', () => {
    const kinds = new Set<number>();
    let wrong = 0;
    for (let i = 0; i < 30; i++) {
      const seed = (i + 1).toString(16).padStart(32, 'e');
      const variant = i % 2 === 0 ? 'scorpion' : 'three-blind-mice';
      const start = smallPosition(variant, seed, { suits: 1 + (i % 3), columns: 5, options: { foundations: true } });
      const board = FastBoard.fromState(start);
      const hasher = new PositionHasher(board, start);
      const rng = new Sfc32(seed);
      const moves = new Int32Array(1024);
      for (let ply = 0; ply < 60; ply++) {
        const count = board.generate(moves);
        if (count === 0) break;
        for (let m = 0; m < count; m++) {
          const move = moves[m]!;
          const before = [hasher.lo, hasher.hi];
          hasher.peek(move, m);
          if (hasher.lo !== before[0] || hasher.hi !== before[1]) wrong++;
          hasher.play(move);
          const played = [hasher.lo, hasher.hi];
          if (hasher.peekedLo(m) !== played[0] || hasher.peekedHi(m) !== played[1]) wrong++;
          hasher.undo();
          hasher.play(move, m);
          if (hasher.lo !== played[0] || hasher.hi !== played[1]) wrong++;
          hasher.undo();
          if (hasher.lo !== before[0] || hasher.hi !== before[1]) wrong++;
          kinds.add(codeKind(move));
        }
        hasher.play(moves[rng.below(count)]!);
      }
    }
    expect(wrong).toBe(0);
    expect([...kinds].sort()).toEqual([KIND_MOVE, KIND_DEAL, KIND_RESERVE, KIND_FOUNDATION, KIND_UNFOUNDATION].sort());
  });
});
