import type { GameAction } from '@scorpion/protocol';
import { FastBoard } from '@scorpion/rules';

/*
 * How a live game's log writes each action: one integer. A move's is its `FastBoard.encode`
 * (never negative), which the rules hand back with the move's try (`playCoded`); an undo and a
 * redo have these two. Read back only for a resent action, a snapshot's record or a replay.
 */
export const UNDO = -1;
export const REDO = -2;

/** The action logged as `code`. */
export function actionOf(code: number): GameAction {
  return code === UNDO ? { kind: 'undo' } : code === REDO ? { kind: 'redo' } : FastBoard.decode(code);
}
