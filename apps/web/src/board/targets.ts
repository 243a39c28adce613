import { type GameState, isCompleteColumn, legalMoves, type Move } from '@scorpion/rules';

/** What the player is holding: a face-up card in a column (with everything on it) or a reserve card. */
export type Pick =
  | { readonly kind: 'column'; readonly column: number; readonly row: number }
  | { readonly kind: 'reserve'; readonly index: number };

/** The move that puts `pick` on column `to`, legal or not: the rules judge it. */
export function moveTo(pick: Pick, to: number): Move {
  return pick.kind === 'column'
    ? { kind: 'move', from: pick.column, row: pick.row, to }
    : { kind: 'reserve', index: pick.index, to };
}

function isFrom(move: Move, pick: Pick): boolean {
  if (pick.kind === 'column') return move.kind === 'move' && move.from === pick.column && move.row === pick.row;
  return move.kind === 'reserve' && move.index === pick.index;
}

/** Every column `pick` may legally go to, in column order. */
export function targetsFor(state: GameState, pick: Pick): number[] {
  const targets: number[] = [];
  for (const move of legalMoves(state)) {
    if (isFrom(move, pick) && (move.kind === 'move' || move.kind === 'reserve')) targets.push(move.to);
  }
  return targets;
}

/**
 * Moving a whole column into an empty one changes nothing once the stock is gone, so a tap
 * should never pick it — a drag still may.
 */
function isPointless(state: GameState, pick: Pick, to: number): boolean {
  return pick.kind === 'column' && pick.row === 0 && state.columns[to]!.length === 0 && state.stock.length === 0;
}

export type TapResult =
  | { readonly kind: 'move'; readonly move: Move }
  | { readonly kind: 'choose'; readonly targets: readonly number[] }
  | { readonly kind: 'none' };

/** A tap or Enter on a card: its only sensible target is played; several are offered; none is said. */
export function tapResult(state: GameState, pick: Pick): TapResult {
  const targets = targetsFor(state, pick).filter((to) => !isPointless(state, pick, to));
  if (targets.length === 1) return { kind: 'move', move: moveTo(pick, targets[0]!) };
  if (targets.length > 1) return { kind: 'choose', targets };
  return { kind: 'none' };
}

/** The foundation move for a double-click on `column`, when the game allows it there. */
export function foundationMove(state: GameState, column: number): Move | undefined {
  return state.options.foundations && isCompleteColumn(state, column)
    ? { kind: 'foundation', from: column }
    : undefined;
}

/** True when the card at `row` of `column` can be picked up at all. */
export function isMovable(state: GameState, column: number, row: number): boolean {
  const cards = state.columns[column];
  return cards !== undefined && row >= state.hidden[column]! && row < cards.length && cards[row]! >= 0;
}
