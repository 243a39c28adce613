import type { GameAction } from '@scorpion/protocol';
import {
  canRedo,
  canUndo,
  currentState,
  faceDownCount,
  type GameEvent,
  type GameState,
  gameStatus,
  type History,
  type IllegalReason,
  type Move,
  newGame,
  newHistory,
  play,
  progressOf,
  redo,
  undo,
} from '@scorpion/rules';
import type { GameRow, GameTally, StoredAction } from '../repo/types.ts';

/**
 * One game in memory: its row, its history (for undo and redo) and its action log. Pure: it
 * never stores anything; the game service stores an action first and then commits it here.
 */
export class Session {
  row: GameRow;
  history: History;
  readonly log: StoredAction[];
  /** Server time of the last use, so that idle games can leave memory. */
  touchedAt = 0;
  private undos = 0;

  constructor(row: GameRow, log: readonly StoredAction[]) {
    this.row = row;
    this.history = newHistory(newGame(row.variant, row.options, row.deck));
    this.log = [];
    for (const stored of log) {
      const tried = this.tryAction(stored.action);
      if (!tried.ok) throw new Error(`game ${row.id} does not replay at action ${stored.seq}: ${tried.reason}`);
      this.commit(stored, tried.history);
    }
  }

  get state(): GameState {
    return currentState(this.history);
  }

  get seq(): number {
    return this.log.length;
  }

  /** No legal move and not won: the rules' `lost`, which undo may still get out of. */
  get stuck(): boolean {
    return gameStatus(this.state) === 'lost';
  }

  /** What `action` would do, without doing it. */
  tryAction(
    action: GameAction,
  ):
    | { ok: true; history: History; events: readonly GameEvent[] }
    | { ok: false; reason: IllegalReason | 'nothing-to-undo' | 'nothing-to-redo' } {
    switch (action.kind) {
      case 'undo':
        return canUndo(this.history)
          ? { ok: true, history: undo(this.history), events: [] }
          : { ok: false, reason: 'nothing-to-undo' };
      case 'redo':
        return canRedo(this.history)
          ? { ok: true, history: redo(this.history), events: [] }
          : { ok: false, reason: 'nothing-to-redo' };
      default:
        return play(this.history, action as Move);
    }
  }

  commit(stored: StoredAction, history: History): void {
    this.history = history;
    this.log.push(stored);
    if (stored.action.kind === 'undo') this.undos++;
  }

  tally(): GameTally {
    return {
      moves: this.log.length,
      undos: this.undos,
      progress: progressOf(this.state),
      faceDown: faceDownCount(this.state),
    };
  }

  movesSoFar(): readonly Move[] {
    return this.history.moves.slice(0, this.history.cursor);
  }
}
