import { applyMove, type GameState, isWon, legalMoves, type Move } from '@scorpion/rules';

/**
 * A shorter winning line through the positions of a winning one. The solver's depth-first
 * search returns the first line it finds, which wanders (a Wasp line is often thousands of
 * moves, a card shuffled to and fro); the study keeps every line, so its length is the size of
 * the data.
 *
 * From each position the line reaches, every legal move is tried, and the one landing furthest
 * along the line is kept (the line's own next move lands one step on, so it is never worse).
 * Sound by construction: each kept move is legal in the position it is played from (it comes
 * from `legalMoves` there), and the walk ends in the line's last position, which is won; the
 * positions are compared exactly, as `referenceSolve` does. A line that does not win is returned
 * as it is.
 */
export function shortenLine(start: GameState, line: readonly Move[]): readonly Move[] {
  const states: GameState[] = [start];
  for (const move of line) {
    const result = applyMove(states[states.length - 1]!, move);
    if (!result.ok) return line;
    states.push(result.state);
  }
  if (!isWon(states[states.length - 1]!)) return line;
  const at = new Map<string, number>();
  states.forEach((state, i) => {
    at.set(exactKey(state), i);
  });
  const shorter: Move[] = [];
  let i = 0;
  while (i < line.length) {
    let best = i + 1;
    let chosen = line[i]!;
    for (const move of legalMoves(states[i]!)) {
      const result = applyMove(states[i]!, move);
      if (!result.ok) continue;
      const j = at.get(exactKey(result.state));
      if (j !== undefined && j > best) {
        best = j;
        chosen = move;
      }
    }
    shorter.push(chosen);
    i = best;
  }
  return shorter;
}

function exactKey(state: GameState): string {
  return JSON.stringify([state.columns, state.hidden, state.stock, state.reserve, state.foundations]);
}
