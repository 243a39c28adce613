import { applyMove, type GameState, isWon, legalMoves, type Move } from '@scorpion/rules';

export type ReferenceVerdict =
  | { readonly result: 'win'; readonly line: Move[] }
  | { readonly result: 'loss' }
  | { readonly result: 'unknown' };

/**
 * The plain exhaustive search the fast solver is checked against: every legal move of the rules
 * engine, no pruning, no symmetry, and a visited set keyed by the exact position. Slow and
 * memory-hungry, so only for small positions; `maxPositions` bounds it.
 */
export function referenceSolve(start: GameState, maxPositions = 200_000): ReferenceVerdict {
  const visited = new Set<string>([exactKey(start)]);
  const line: Move[] = [];
  const stack: { state: GameState; moves: Move[]; next: number }[] = [
    { state: start, moves: legalMoves(start), next: 0 },
  ];
  if (isWon(start)) return { result: 'win', line };
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.next === top.moves.length) {
      stack.pop();
      line.pop();
      continue;
    }
    const move = top.moves[top.next++]!;
    const result = applyMove(top.state, move);
    if (!result.ok) throw new Error(`legalMoves gave an illegal move: ${result.reason}`);
    const key = exactKey(result.state);
    if (visited.has(key)) continue;
    if (visited.size >= maxPositions) return { result: 'unknown' };
    visited.add(key);
    line.push(move);
    if (isWon(result.state)) return { result: 'win', line };
    stack.push({ state: result.state, moves: legalMoves(result.state), next: 0 });
  }
  return { result: 'loss' };
}

function exactKey(state: GameState): string {
  return JSON.stringify([state.columns, state.hidden, state.stock, state.reserve, state.foundations]);
}
