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
export class LiveGame {
  row: GameRow;
  history: History;
  readonly log: StoredAction[];
  /** Server time of the last use, so that idle games can leave memory. */
  touchedAt = 0;
  private undos = 0;
  /**
   * Whether a position has no legal move, by position. A move's events already say so (the
   * rules look for legal moves once, to tell `lost`), so a played move never asks again; a
   * position reached by undo or redo is worked out once, when first asked.
   */
  private readonly stuckAt = new WeakMap<GameState, boolean>();

  constructor(row: GameRow, log: readonly StoredAction[]) {
    this.row = row;
    this.history = newHistory(newGame(row.variant, row.options, row.deck));
    this.log = [];
    for (const stored of log) {
      const tried = this.tryAction(stored.action);
      if (!tried.ok) throw new Error(`game ${row.id} does not replay at action ${stored.seq}: ${tried.reason}`);
      this.commit(stored, tried.history, tried.events);
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
    const state = this.state;
    let stuck = this.stuckAt.get(state);
    if (stuck === undefined) {
      stuck = gameStatus(state) === 'lost';
      this.stuckAt.set(state, stuck);
    }
    return stuck;
  }

  get canUndo(): boolean {
    return canUndo(this.history);
  }

  get canRedo(): boolean {
    return canRedo(this.history);
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

  /** Takes a stored action in; `events` are what `tryAction` said it did. */
  commit(stored: StoredAction, history: History, events: readonly GameEvent[]): void {
    this.history = history;
    this.log.push(stored);
    if (stored.action.kind === 'undo') this.undos++;
    else if (stored.action.kind !== 'redo') {
      this.stuckAt.set(
        this.state,
        events.some((e) => e.type === 'lost'),
      );
    }
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
