import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMove } from './apply.ts';
import { FACES, UNKNOWN } from './cards.ts';
import { currentState, newHistory, play, redo, undo } from './history.ts';
import { legalMoves } from './legal.ts';
import type { Move } from './moves.ts';
import { replay } from './record.ts';
import { dealFromSeed, Sfc32 } from './seed.ts';
import { type GameState, newGame, type Options } from './state.ts';
import { VARIANT_IDS, VARIANTS, type VariantId } from './variants.ts';
import { toPlayerView } from './view.ts';

const seedArb = fc.stringMatching(/^[0-9a-f]{32}$/);
const gameArb: fc.Arbitrary<GameSpec> = fc.record({
  variant: fc.constantFrom(...VARIANT_IDS),
  dealSeed: seedArb,
  lineSeed: seedArb,
  options: fc.record({ foundations: fc.boolean(), open: fc.boolean() }),
  length: fc.integer({ min: 0, max: 120 }),
});

interface GameSpec {
  readonly variant: VariantId;
  readonly dealSeed: string;
  readonly lineSeed: string;
  readonly options: Options;
  readonly length: number;
}

/** A random legal line from a seeded deal: every state passed through and the moves. */
function randomLine(g: GameSpec) {
  const start = newGame(g.variant, g.options, dealFromSeed(g.variant, g.dealSeed));
  const chooser = new Sfc32(g.lineSeed);
  const states: GameState[] = [start];
  const moves: Move[] = [];
  for (let i = 0; i < g.length; i++) {
    const state = states[states.length - 1]!;
    const legal = legalMoves(state);
    if (legal.length === 0) break;
    const move = legal[chooser.below(legal.length)]!;
    const result = applyMove(state, move);
    if (!result.ok) throw new Error(`a generated move was illegal: ${result.reason}`);
    states.push(result.state);
    moves.push(move);
  }
  return { start, states, moves };
}

function allCards(state: GameState): number[] {
  return [...state.columns.flat(), ...state.stock, ...state.reserve, ...state.foundations.flat()];
}

/*
 * Hundreds of random lines of up to 120 moves: a second or two each alone, but up to ten times
 * that while the whole suite loads a small machine, so they say how long they may take.
 */
const HEAVY_MS = 60_000;

describe('properties of random legal lines', { timeout: HEAVY_MS }, () => {
  it('keeps every card exactly once', () => {
    fc.assert(
      fc.property(gameArb, (g) => {
        const { states } = randomLine(g);
        const size = FACES * VARIANTS[g.variant].decks;
        for (const state of states) {
          expect(allCards(state).sort((a, b) => a - b)).toEqual(Array.from({ length: size }, (_, i) => i));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('legal moves from the player view equal legal moves from the full state', () => {
    fc.assert(
      fc.property(gameArb, (g) => {
        for (const state of randomLine(g).states) {
          const view = toPlayerView(state);
          expect(legalMoves(view)).toEqual(legalMoves(state));
          // Which cards the view hides, card by card, in one comparison per state (an expect per
          // card was most of this test's time).
          const hiddenInView = view.columns.map((column) => column.map((card) => card === UNKNOWN));
          const faceDown = state.columns.map((column, c) => column.map((_, r) => r < state.hidden[c]!));
          expect(hiddenInView).toEqual(faceDown);
          expect(view.stock.every((card) => card === UNKNOWN)).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('undo restores every earlier state and redo replays it', () => {
    fc.assert(
      fc.property(gameArb, (g) => {
        const { start, states, moves } = randomLine(g);
        let history = newHistory(start);
        for (const move of moves) {
          const result = play(history, move);
          if (!result.ok) throw new Error(result.reason);
          history = result.history;
        }
        for (let i = states.length - 1; i >= 0; i--) {
          expect(currentState(history)).toEqual(states[i]);
          history = undo(history);
        }
        for (const state of states) {
          expect(currentState(history)).toEqual(state);
          history = redo(history);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('replaying a line is deterministic and reaches the same state', () => {
    fc.assert(
      fc.property(gameArb, (g) => {
        const { start, states, moves } = randomLine(g);
        const first = replay(start, moves);
        const second = replay(start, JSON.parse(JSON.stringify(moves)));
        expect(first).toEqual(second);
        if (!first.ok) throw new Error('a legal line did not replay');
        expect(first.state).toEqual(states[states.length - 1]);
      }),
      { numRuns: 40 },
    );
  });
});
