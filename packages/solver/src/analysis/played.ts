import { applyMove, type Card, type GameState, type Move } from '@scorpion/rules';
import type { Decision } from './clairvoyance.ts';

/** An action as the server stores it: a move, an undo or a redo, at the server's time (ms). */
export interface PlayedAction {
  readonly action: Move | { readonly kind: 'undo' } | { readonly kind: 'redo' };
  readonly at: number;
}

/** A finished game as stored: its deal (the full start, `newGame` of its deck) and every action, timed by the server's clock. */
export interface PlayedGame {
  readonly start: GameState;
  readonly startedAt: number;
  readonly actions: readonly PlayedAction[];
  /** Hints taken (none in a ranked game, which offers none). */
  readonly hints?: number;
}

/** What the game's actions say once replayed: every choice with its time, and the line as it ended. */
export interface Replayed {
  readonly start: GameState;
  /** Every move played, undone ones included: each was a choice made in its position. */
  readonly decisions: readonly (Decision & { readonly thinkMs: number })[];
  /** The moves from the start to the final position (undone moves left out). */
  readonly line: readonly Move[];
  readonly undos: number;
  readonly redos: number;
}

/**
 * Replays a stored game's actions with undo and redo. A move's thinking time is from the action
 * before it (or the start). Throws on an action that does not replay: a stored game always does.
 */
export function replayPlayed(game: PlayedGame): Replayed {
  const start = game.start;
  const states: GameState[] = [start];
  const moves: Move[] = [];
  const decisions: (Decision & { thinkMs: number })[] = [];
  let cursor = 0;
  let undos = 0;
  let redos = 0;
  let last = game.startedAt;
  // Every card face up at some moment: an undo hides a turned card again, but its player has seen it.
  const known = new Set<Card>();
  const see = (state: GameState) => {
    state.columns.forEach((column, c) => {
      for (const card of column.slice(state.hidden[c]!)) known.add(card);
    });
  };
  see(start);
  for (const [i, { action, at }] of game.actions.entries()) {
    if (action.kind === 'undo' || action.kind === 'redo') {
      const undo = action.kind === 'undo';
      if (undo ? cursor === 0 : cursor === moves.length)
        throw new Error(`action ${i + 1} has nothing to ${action.kind}`);
      cursor += undo ? -1 : 1;
      if (undo) undos++;
      else redos++;
    } else {
      const result = applyMove(states[cursor]!, action);
      if (!result.ok) throw new Error(`action ${i + 1} is illegal: ${result.reason}`);
      decisions.push({ state: states[cursor]!, move: action, known: new Set(known), thinkMs: Math.max(0, at - last) });
      see(result.state);
      states.length = cursor + 1;
      moves.length = cursor;
      states.push(result.state);
      moves.push(action);
      cursor++;
    }
    last = at;
  }
  return { start, decisions, line: moves.slice(0, cursor), undos, redos };
}
