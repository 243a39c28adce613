import { applyMove, cardCode, type GameState, isWon, legalMoves, type Move } from '@scorpion/rules';
import type { Limits, SolveResult } from '../index.ts';

/** The solver a puzzle check runs: `solve` of `@scorpion/solver`, or the exact reference search in small tests. */
export type Solve = (state: GameState, limits: Limits) => SolveResult;

/**
 * Whether a position can be a puzzle step, and why not:
 * - `forced`: exactly one legal move keeps the deal winnable, every other one is proven lost;
 * - `hidden`: a card is face down or still in the stock, so something the player cannot see decides;
 * - `few-moves`: fewer legal moves than the puzzle asks for (no real choice);
 * - `several`: more than one move keeps it winnable; `none`: no move does (the position is lost);
 * - `unknown`: the solver could not decide a move within its limits, so "only" is not proven.
 */
export type Forcing =
  | { readonly kind: 'forced'; readonly move: Move; readonly legal: number; readonly nodes: number }
  | { readonly kind: 'hidden' | 'few-moves' | 'several' | 'none' | 'unknown'; readonly nodes: number };

export interface ForcingCheck {
  readonly solve: Solve;
  readonly limits: Limits;
  /** Fewest legal moves the position must offer (three for a puzzle's first move, two after). */
  readonly minMoves: number;
  /** A move already known to keep the deal winnable (the next move of a won line): not solved again. */
  readonly winning?: Move;
}

/** Every card of the position is in sight: nothing face down, nothing left in the stock. */
export function allFaceUp(state: GameState): boolean {
  return state.stock.length === 0 && state.hidden.every((down) => down === 0);
}

const sameMove = (a: Move, b: Move) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The position with its columns in no particular order and a card's copy forgotten: a King
 * moved from the bottom of a column into an empty one (or in Wasp, any whole column) changes
 * nothing, and neither does which of two equal cards of a double deck lies where.
 */
export function shapeOf(state: GameState): string {
  const text = (cards: readonly number[]) => cards.map(cardCode).join(' ');
  return [
    state.columns.map(text).sort().join('|'),
    text(state.reserve),
    state.foundations.map(text).sort().join('|'),
  ].join('/');
}

/**
 * The legal moves that change the position: a move that only carries a whole column into an
 * empty one is no choice (it keeps the deal exactly as winnable as it was), so it neither counts
 * among a puzzle's choices nor makes a second winning move.
 */
export function realMoves(state: GameState): Move[] {
  const before = shapeOf(state);
  return legalMoves(state).filter((move) => {
    const played = applyMove(state, move);
    return played.ok && shapeOf(played.state) !== before;
  });
}

/**
 * Decides whether exactly one legal move of `state` keeps it winnable (moves that change nothing
 * left out: `realMoves`). Stops at the second
 * winnable move or the first undecided one; `nodes` is what the solver spent, the puzzle's effort.
 */
export function onlyWinningMove(state: GameState, check: ForcingCheck): Forcing {
  if (!allFaceUp(state)) return { kind: 'hidden', nodes: 0 };
  const moves = realMoves(state);
  if (moves.length < check.minMoves) return { kind: 'few-moves', nodes: 0 };
  const known = check.winning;
  let winning = known && moves.find((move) => sameMove(move, known));
  let nodes = 0;
  for (const move of moves) {
    if (move === winning) continue;
    const played = applyMove(state, move);
    if (!played.ok) throw new Error(`legalMoves gave an illegal move: ${played.reason}`);
    const verdict = isWon(played.state)
      ? { result: 'win' as const, nodes: 0 }
      : check.solve(played.state, check.limits);
    nodes += verdict.nodes;
    if (verdict.result === 'unknown') return { kind: 'unknown', nodes };
    if (verdict.result === 'win') {
      if (winning) return { kind: 'several', nodes };
      winning = move;
    }
  }
  return winning ? { kind: 'forced', move: winning, legal: moves.length, nodes } : { kind: 'none', nodes };
}
