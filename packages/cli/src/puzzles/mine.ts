import { applyMove, type GameState, type Move } from '@scorpion/rules';
import type { Limits } from '@scorpion/solver';
import { allFaceUp, onlyWinningMove, type Solve } from './forced.ts';

/** A puzzle as the miner finds it: where in the line it starts, and its forced moves. */
export interface MinedPuzzle {
  /** How many moves of the winning line lead to the puzzle's position. */
  readonly ply: number;
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
}

/** Legal moves a puzzle's first position offers at least (the "at least three"); later steps need a choice of two. */
export const FIRST_MOVE_CHOICES = 3;
export const NEXT_MOVE_CHOICES = 2;

/**
 * The puzzles along a winning line from `start`: each position where every card is face up, at
 * least three moves are legal, and exactly one keeps the deal winnable starts one; it goes on
 * through the following positions as long as each of them again has exactly one winning move
 * among at least two. Every position of a winning line is winnable, so its own next move is the
 * winning one: only the others are solved.
 */
export function minePuzzles(start: GameState, line: readonly Move[], options: MineOptions): MinedPuzzle[] {
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
