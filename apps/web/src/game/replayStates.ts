import { applyMove, type GameState } from '@scorpion/rules';

/** Every position of a line of moves, start first; a move that does not apply ends the list. */
export function replayStates(start: GameState, moves: readonly unknown[]): GameState[] {
  const out = [start];
  let state = start;
  for (const move of moves) {
    const result = applyMove(state, move);
    if (!result.ok) break;
    state = result.state;
    out.push(state);
  }
  return out;
}
