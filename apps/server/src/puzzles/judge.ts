import { applyMove, type GameState, type Move } from '@scorpion/rules';
import { shapeOf } from '@scorpion/solver/puzzles';
import { type Answer, refuse } from '../refusal.ts';
import type { Puzzle } from './catalogue.ts';

/**
 * A move at `step` of a puzzle, judged against its forced line: `right` (the line goes on from
 * `after`, the line's own position), `solved` (the line's last move) or `wrong`. Moves the rules
 * refuse, and moves that change nothing, are refused: they are not answers. Rated puzzles and
 * puzzle rush both judge through here.
 */
export type Judgement =
  | { readonly verdict: 'right'; readonly after: GameState }
  | { readonly verdict: 'solved'; readonly after: GameState }
  | { readonly verdict: 'wrong' };

export function judgeMove(puzzle: Puzzle, step: number, move: Move): Answer<Judgement> {
  const before = positionAt(puzzle, step);
  const played = applyMove(before, move);
  if (!played.ok) return refuse('illegal-move', 'That move is not legal here.', { reason: played.reason });
  if (shapeOf(played.state) === shapeOf(before)) {
    return refuse('puzzle-no-change', 'That move changes nothing: a whole column into an empty one.');
  }
  const right = positionAt(puzzle, step + 1);
  if (shapeOf(played.state) !== shapeOf(right)) return { ok: true, value: { verdict: 'wrong' } };
  // The line's own position: its next move is written against it (an equal move may order columns otherwise).
  const verdict = step + 1 === puzzle.solution.length ? 'solved' : 'right';
  return { ok: true, value: { verdict, after: right } };
}

/** The puzzle's position after the first `step` moves of its line. */
export function positionAt(puzzle: Puzzle, step: number): GameState {
  let state = puzzle.start;
  for (const move of puzzle.solution.slice(0, step)) {
    const played = applyMove(state, move);
    if (!played.ok) throw new Error(`puzzle ${puzzle.id}: its line has an illegal move (${played.reason})`);
    state = played.state;
  }
  return state;
}
