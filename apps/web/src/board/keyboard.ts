import type { GameState } from '@scorpion/rules';

/**
 * The keyboard model: one focused spot on the board (a face-up card, or the slot of an empty
 * column), moved with the arrow keys, and commands read from key presses. Pure, so that the
 * Board component only maps it onto elements.
 */
export interface Focus {
  readonly column: number;
  /** The card's row from the bottom of the column; 0 for an empty column's slot. */
  readonly row: number;
}

function topRow(state: GameState, column: number): number {
  return Math.max(0, state.columns[column]!.length - 1);
}

function firstFaceUp(state: GameState, column: number): number {
  return Math.min(state.hidden[column]!, topRow(state, column));
}

/** The nearest valid spot: columns and rows can vanish under the focus when cards move. */
export function clampFocus(state: GameState, focus: Focus): Focus {
  const column = Math.min(Math.max(0, focus.column), state.columns.length - 1);
  const row = Math.min(Math.max(firstFaceUp(state, column), focus.row), topRow(state, column));
  return { column, row };
}

/** Where an arrow (or Home/End/PageUp/PageDown) key takes the focus; undefined for other keys. */
export function navigate(state: GameState, focus: Focus, key: string): Focus | undefined {
  const last = state.columns.length - 1;
  const atTop = (column: number): Focus => ({ column, row: topRow(state, column) });
  switch (key) {
    case 'ArrowLeft':
      return atTop(Math.max(0, focus.column - 1));
    case 'ArrowRight':
      return atTop(Math.min(last, focus.column + 1));
    case 'Home':
      return atTop(0);
    case 'End':
      return atTop(last);
    case 'ArrowUp':
      return clampFocus(state, { column: focus.column, row: focus.row - 1 });
    case 'ArrowDown':
      return clampFocus(state, { column: focus.column, row: focus.row + 1 });
    case 'PageUp':
      return { column: focus.column, row: firstFaceUp(state, focus.column) };
    case 'PageDown':
      return atTop(focus.column);
    default:
      return undefined;
  }
}

export type Command = 'undo' | 'redo' | 'activate' | 'cancel' | 'deal' | 'foundation';

export interface KeyLike {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
}

/** The command a key press means, whatever has the focus: Ctrl on Windows/Linux, Cmd on a Mac. */
export function commandOf(e: KeyLike): Command | undefined {
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.toLowerCase();
  if (mod && !e.altKey && key === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (e.ctrlKey && !e.altKey && key === 'y') return 'redo';
  if (mod || e.altKey) return undefined;
  if (e.key === 'Enter' || e.key === ' ') return 'activate';
  if (e.key === 'Escape') return 'cancel';
  if (key === 'd') return 'deal';
  if (key === 'f') return 'foundation';
  return undefined;
}
