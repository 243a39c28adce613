import { applyMove } from './apply.ts';
import type { GameEvent, IllegalReason, Move } from './moves.ts';
import type { GameState } from './state.ts';

/**
 * A game with undo and redo: the states passed through and the moves between them. `cursor`
 * is the index of the current state; the moves after it are what redo replays.
 */
export interface History {
  readonly states: readonly GameState[];
  readonly moves: readonly Move[];
  readonly cursor: number;
}

export function newHistory(start: GameState): History {
  return { states: [start], moves: [], cursor: 0 };
}

export function currentState(history: History): GameState {
  return history.states[history.cursor]!;
}

/** The moves that lead from the start to the current state. */
export function movesSoFar(history: History): readonly Move[] {
  return history.moves.slice(0, history.cursor);
}

export type HistoryResult =
  | { readonly ok: true; readonly history: History; readonly events: readonly GameEvent[] }
  | { readonly ok: false; readonly reason: IllegalReason };

/** Plays a move at the cursor; whatever could have been redone is dropped. */
export function play(history: History, move: Move): HistoryResult {
  const result = applyMove(currentState(history), move);
  if (!result.ok) return result;
  const cursor = history.cursor + 1;
  return {
    ok: true,
    events: result.events,
    history: {
      states: history.states.slice(0, cursor).concat([result.state]),
      moves: history.moves.slice(0, history.cursor).concat([move]),
      cursor,
    },
  };
}

export function canUndo(history: History): boolean {
  return history.cursor > 0;
}

export function canRedo(history: History): boolean {
  return history.cursor < history.states.length - 1;
}

export function undo(history: History): History {
  return canUndo(history) ? { ...history, cursor: history.cursor - 1 } : history;
}

export function redo(history: History): History {
  return canRedo(history) ? { ...history, cursor: history.cursor + 1 } : history;
}
