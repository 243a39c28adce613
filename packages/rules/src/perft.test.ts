import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyMove } from './apply.ts';
import { FastBoard } from './fast-board.ts';
import { legalMoves } from './legal.ts';
import { dealFromSeed } from './seed.ts';
import { type GameState, newGame } from './state.ts';
import { isVariantId } from './variants.ts';

/*
 * Perft, as chess engines do it: the number of move sequences of each length from a deal.
 * `perft.txt` holds `variant options seed count@1 count@2 count@3`; both engines must agree
 * with it, so a change to move generation anywhere shows up here.
 */
function perft(state: GameState, depth: number): number {
  if (depth === 0) return 1;
  let total = 0;
  for (const move of legalMoves(state)) {
    const result = applyMove(state, move);
    if (!result.ok) throw new Error('generated an illegal move');
    total += perft(result.state, depth - 1);
  }
  return total;
}

function fastPerft(board: FastBoard, depth: number): number {
  if (depth === 0) return 1;
  const moves = new Int32Array(1024);
  const count = board.generate(moves);
  let total = 0;
  for (let i = 0; i < count; i++) {
    board.play(moves[i]!);
    total += fastPerft(board, depth - 1);
    board.undo();
  }
  return total;
}

const rows = readFileSync(join(import.meta.dirname, '../test/fixtures/perft.txt'), 'utf8')
  .split('\n')
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => line.split(/\s+/));

describe('perft', () => {
  it.each(rows)('%s %s %s', (variant, options, seed, ...counts) => {
    if (!isVariantId(variant)) throw new Error(variant);
    const start = newGame(
      variant,
      { foundations: options!.includes('foundations'), open: options!.includes('open') },
      dealFromSeed(variant, seed!),
    );
    const expected = counts.map(Number);
    expect(expected.map((_, d) => perft(start, d + 1))).toEqual(expected);
    expect(expected.map((_, d) => fastPerft(FastBoard.fromState(start), d + 1))).toEqual(expected);
  });
});
