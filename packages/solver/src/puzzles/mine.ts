import { applyMove, type GameState, type Move } from '@scorpion/rules';
import { type Limits, shortenLine } from '../index.ts';
import { allFaceUp, onlyWinningMove, type Solve, shapeOf } from './forced.ts';

/** A puzzle as the miner finds it: where in the line it starts, and its forced moves. */
export interface MinedPuzzle {
  /** How many moves of the winning line lead to the puzzle's position (of the branch's line, on a branch). */
  readonly ply: number;
  /** On the early deal's branch: the ply of the deal's line where the stock was dealt instead. */
  readonly branch?: number;
  readonly start: GameState;
  /** Every move forced: the only one of its position that keeps the deal winnable. */
  readonly solution: readonly Move[];
  /** Legal moves in the puzzle's position. */
  readonly legal: number;
  /** Solver nodes spent proving every other move of every step lost: the puzzle's effort. */
  readonly nodes: number;
}

export interface MineOptions {
  readonly solve: Solve;
  readonly limits: Limits;
  /** Forced moves a puzzle may take at most: past that, the rest of the line is another puzzle. */
  readonly maxMoves: number;
  /** Also mine the way through the deal that deals the stock early (`earlyDeal`), with the solver's line from there. */
  readonly branches?: boolean;
}

/** Legal moves a puzzle's first position offers at least (the "at least three"); later steps need a choice of two. */
export const FIRST_MOVE_CHOICES = 3;
export const NEXT_MOVE_CHOICES = 2;

/**
 * The puzzles along a winning line from `start` (and the early deal's branch, with `branches`): each
 * position where every card is face up, at least three moves change the position (`realMoves`),
 * and exactly one keeps the deal winnable starts one; it goes on
 * through the following positions as long as each of them again has exactly one winning move
 * among at least two. Every position of a winning line is winnable, so its own next move is the
 * winning one: only the others are solved.
 */
export function minePuzzles(start: GameState, line: readonly Move[], options: MineOptions): MinedPuzzle[] {
  const found = mineLine(start, line, options);
  const early = options.branches ? earlyDeal(start, line, options) : undefined;
  if (early) {
    const branchLine = shortenLine(early.dealt, early.line);
    for (const puzzle of mineLine(early.dealt, branchLine, options)) found.push({ ...puzzle, branch: early.ply });
  }
  // The branch often comes back to a position of the line: each position is one puzzle.
  const seen = new Set<string>();
  return found.filter((puzzle) => {
    const shape = shapeOf(puzzle.start);
    if (seen.has(shape)) return false;
    seen.add(shape);
    return true;
  });
}

/** Plies after the last face-down card turns at which dealing the stock at once is tried. */
const EARLY_DEAL_TRIES = 4;

/**
 * A winning line often deals the stock last, so its positions have every card face up only
 * in its last moves, which seldom hold a puzzle: the deal played as soon as nothing else is
 * face down (or a few moves later, the first of those that keeps the deal winnable) opens a
 * way through the deal whose positions are all in sight.
 */
function earlyDeal(
  start: GameState,
  line: readonly Move[],
  options: MineOptions,
): { ply: number; dealt: GameState; line: readonly Move[] } | undefined {
  let state = start;
  let tries = 0;
  for (let ply = 0; ply < line.length && tries < EARLY_DEAL_TRIES; ply++) {
    const move = line[ply]!;
    if (move.kind === 'deal') return undefined;
    if (state.stock.length > 0 && state.hidden.every((down) => down === 0)) {
      tries++;
      const dealt = applyMove(state, { kind: 'deal' });
      if (dealt.ok) {
        const verdict = options.solve(dealt.state, options.limits);
        if (verdict.result === 'win') return { ply, dealt: dealt.state, line: verdict.line };
      }
    }
    const played = applyMove(state, move);
    if (!played.ok) return undefined;
    state = played.state;
  }
  return undefined;
}

function mineLine(start: GameState, line: readonly Move[], options: MineOptions): MinedPuzzle[] {
  const states: GameState[] = [start];
  for (const move of line) {
    const played = applyMove(states[states.length - 1]!, move);
    if (!played.ok) throw new Error(`the winning line has an illegal move: ${played.reason}`);
    states.push(played.state);
  }
  const check = (at: number, minMoves: number) =>
    onlyWinningMove(states[at]!, { solve: options.solve, limits: options.limits, minMoves, winning: line[at] });
  const puzzles: MinedPuzzle[] = [];
  let ply = 0;
  while (ply < line.length) {
    if (!allFaceUp(states[ply]!)) {
      ply++;
      continue;
    }
    const first = check(ply, FIRST_MOVE_CHOICES);
    if (first.kind !== 'forced') {
      ply++;
      continue;
    }
    const solution = [first.move];
    let nodes = first.nodes;
    let next = ply + 1;
    while (next < line.length && solution.length < options.maxMoves) {
      const step = check(next, NEXT_MOVE_CHOICES);
      if (step.kind !== 'forced') break;
      solution.push(step.move);
      nodes += step.nodes;
      next++;
    }
    puzzles.push({ ply, start: states[ply]!, solution, legal: first.legal, nodes });
    ply = next;
  }
  return puzzles;
}
