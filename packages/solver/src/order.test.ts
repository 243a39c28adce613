import { codeA, codeC, FastBoard, positionFromText } from '@scorpion/rules';
import { describe, expect, it } from 'vitest';
import { orderMoves, PLAIN } from './order.ts';

/** The moves `orderMoves` keeps, best first, as `from→to` (columns counted from 1). */
function kept(columns: string, skipSwaps: boolean): string[] {
  const board = FastBoard.fromState(positionFromText('double-scorpion', columns));
  const moves = new Int32Array(1024);
  const keys = new Int32Array(1024);
  const count = board.generate(moves);
  const n = orderMoves(board, moves, count, keys, { family: PLAIN, skipSwaps });
  return Array.from(keys.subarray(0, n), (key) => {
    const move = moves[key & 1023]!;
    return `${codeA(move) + 1}→${codeC(move) + 1}`;
  }).sort();
}

describe('orderMoves with skipSwaps (greedy probes, two decks)', () => {
  it('drops a card leaving one copy of its successor for the other, and keeps one that mends a break', () => {
    // Column 1's 5H sits on a 6H: moving it to column 2's 6H is a swap; column 3's 5H sits on
    // the QD and moving it there puts it on its successor.
    expect(kept('KS 6H 5H | 7C 6H | QD 5H', false)).toEqual(['1→2', '3→2']);
    expect(kept('KS 6H 5H | 7C 6H | QD 5H', true)).toEqual(['3→2']);
    // On a 6D the 5H is loose: no swap.
    expect(kept('KS 6D 5H | 7C 6H | QD 5H', true)).toEqual(['1→2', '3→2']);
    // A face-down card under it: turning it over is no swap either.
    expect(kept('6h 5H | 7C 6H | QD 5H', true)).toEqual(['1→2', '3→2']);
  });

  it('keeps a swap onto a King-rooted run', () => {
    expect(kept('QS 6H 5H | KH QH JH TH 9H 8H 7H 6H | QD 5H', true)).toEqual(['1→2', '3→2']);
  });
});
