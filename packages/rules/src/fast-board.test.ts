import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMove } from './apply.ts';
import { FastBoard } from './fast-board.ts';
import { legalMoves } from './legal.ts';
import { parseRecord } from './record.ts';
import { dealFromSeed, Sfc32 } from './seed.ts';
import { type GameState, newGame } from './state.ts';
import { VARIANT_IDS } from './variants.ts';

const seedArb = fc.stringMatching(/^[0-9a-f]{32}$/);
const optionsArb = fc.record({ foundations: fc.boolean(), open: fc.boolean() });

/** Plays a random line on both engines, checking at every step that they agree. */
function playSideBySide(start: GameState, chooser: Sfc32, plies: number): void {
  const board = FastBoard.fromState(start);
  const buffer = new Int32Array(1024);
  const states: GameState[] = [start];
  let state = start;
  for (let ply = 0; ply < plies; ply++) {
    const expected = legalMoves(state);
    const count = board.generate(buffer);
    expect(Array.from(buffer.subarray(0, count), FastBoard.decode)).toEqual(expected);
    if (count === 0) break;
    const move = buffer[chooser.below(count)]!;
    const result = applyMove(state, FastBoard.decode(move));
    if (!result.ok) throw new Error(`generated move is illegal: ${result.reason}`);
    state = result.state;
    states.push(state);
    board.play(move);
    expect(board.toState()).toEqual(state);
    expect(board.isWon()).toBe(result.events.some((e) => e.type === 'won'));
  }
  while (states.length > 1) {
    board.undo();
    states.pop();
    expect(board.toState()).toEqual(states[states.length - 1]);
  }
}

/*
 * Both engines side by side over many random lines and every winning record: a few seconds
 * alone, up to ten times that while the whole suite loads a small machine.
 */
const HEAVY_MS = 60_000;

describe('FastBoard plays exactly like the immutable engine', { timeout: HEAVY_MS }, () => {
  for (const variant of VARIANT_IDS) {
    it(`${variant}: same moves, same positions, and undo returns to the start`, () => {
      fc.assert(
        fc.property(seedArb, seedArb, optionsArb, (dealSeed, lineSeed, options) => {
          playSideBySide(newGame(variant, options, dealFromSeed(variant, dealSeed)), new Sfc32(lineSeed), 150);
        }),
        { numRuns: 25 },
      );
    });
  }

  it('agrees through whole winning games, foundations and returns included', () => {
    const file = join(import.meta.dirname, '../test/fixtures/conformance/winning-lines.jsonl');
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    for (const line of lines) {
      const parsed = parseRecord(JSON.parse(line).record);
      if (!parsed.ok) throw new Error(parsed.error);
      const board = FastBoard.fromState(parsed.start);
      const buffer = new Int32Array(1024);
      let state = parsed.start;
      let played = 0;
      for (const move of parsed.record.moves) {
        const result = applyMove(state, move);
        const count = board.generate(buffer);
        const legal = Array.from(buffer.subarray(0, count), FastBoard.decode);
        expect(legal).toEqual(legalMoves(state));
        if (!result.ok) continue;
        board.play(FastBoard.encode(move as never));
        played++;
        state = result.state;
        expect(board.toState()).toEqual(state);
      }
      for (let i = 0; i < played; i++) board.undo();
      expect(board.toState()).toEqual(parsed.start);
    }
  });

  it('encodes and decodes every move shape', () => {
    const moves = [
      { kind: 'move', from: 9, row: 103, to: 0 },
      { kind: 'deal' },
      { kind: 'reserve', index: 1, to: 9 },
      { kind: 'foundation', from: 6 },
      { kind: 'unfoundation', foundation: 7, to: 3 },
    ] as const;
    for (const move of moves) expect(FastBoard.decode(FastBoard.encode(move))).toEqual(move);
  });
});
