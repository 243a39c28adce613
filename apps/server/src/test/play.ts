import { type GameSnapshot, toGameState } from '@scorpion/protocol';
import { applyMove, type GameState, legalMoves, type Move } from '@scorpion/rules';
import type { TestClient } from './client.ts';

/**
 * A legal move computed from the player's view alone (as a client would), or none: a game can
 * run out of moves, so a caller that needs one checks. Never random: `first` is the first in
 * the rules' order, `varied` walks the list by move number, so a test on a known deal plays the
 * same line on every run and still meets moves of every kind.
 */
export function someLegalMove(game: GameSnapshot, pick: 'first' | 'varied' = 'varied'): Move | undefined {
  const moves = legalMoves(toGameState(game.view));
  if (moves.length === 0) return undefined;
  return pick === 'first' ? moves[0] : moves[(game.seq * 7) % moves.length];
}

function touchesColumn(move: Move, columns: ReadonlySet<number>): boolean {
  if (move.kind === 'move') return columns.has(move.from) || columns.has(move.to);
  if (move.kind === 'reserve' || move.kind === 'unfoundation') return columns.has(move.to);
  if (move.kind === 'foundation') return columns.has(move.from);
  return false;
}

/** Columns whose top the move turns over or deals onto: the view cannot say what lands there. */
function unknownAfter(before: GameState, after: GameState): Set<number> {
  const columns = new Set<number>();
  after.columns.forEach((column, c) => {
    if (after.hidden[c] !== before.hidden[c] || column.length > before.columns[c]!.length) columns.add(c);
  });
  return columns;
}

/**
 * A legal move after which the player still has a move, whatever card it turns over, or none.
 * A game with no legal move is over (lost), and a lost game cannot be undone, so a test that
 * must keep playing on a deal it does not know (a child server's race) plays only these: one
 * of the moves left is guaranteed when it touches no column the move turned a card on.
 */
export function safeMove(game: GameSnapshot): Move | undefined {
  const view = toGameState(game.view);
  for (const move of legalMoves(view)) {
    const result = applyMove(view, move);
    if (!result.ok) continue;
    const unknown = unknownAfter(view, result.state);
    if (legalMoves(result.state).some((next) => !touchesColumn(next, unknown))) return move;
  }
  return undefined;
}

/**
 * Makes exactly `n` acknowledged actions on any deal: a safe move while there is one, then redo
 * and undo in turn (the game stays in positions known to have a move). Each acknowledged snapshot
 * goes into `seen` by `seq`. Only the very first move of a game can lack a safe choice; then it
 * plays the first legal move (about one deal in five hundred; none of 5,000 was lost by it).
 */
export async function playOn(
  client: TestClient,
  game: GameSnapshot,
  n: number,
  seen?: Map<number, GameSnapshot>,
): Promise<GameSnapshot> {
  let current = game;
  for (let i = 0; i < n; i++) {
    const move = safeMove(current) ?? (current.canUndo ? undefined : someLegalMove(current, 'first'));
    if (move) current = await client.play(current, [move]);
    else current = await client.perform(current, current.canRedo ? 'redo' : 'undo');
    seen?.set(current.seq, current);
  }
  return current;
}
