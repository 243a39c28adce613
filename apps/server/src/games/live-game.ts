import type { GameAction } from '@scorpion/protocol';
import {
  applyMove,
  faceDownCount,
  type GameEvent,
  type GameState,
  gameStatus,
  type IllegalReason,
  type Move,
  newGame,
  progressOf,
} from '@scorpion/rules';
import type { GameRow, GameTally, StoredAction } from '../repo/types.ts';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * One game in memory: its row, its positions (for undo and redo) and its action log. It never
 * stores anything; the game service stores an action first and then commits it here.
 *
 * The positions are kept in arrays this object alone changes, not in the rules' immutable
 * `History`, whose every move copies the whole list of positions and moves: under load those
 * copies lived until the player's next move, long enough to reach the old generation, and were
 * most of what the server's major collections had to sweep.
 */
export class LiveGame {
  /**
   * The game's row, with its tally (`seq`, `moves`, `undos`, `progress`, `faceDown`) as of its
   * last action. One object for the game's life, changed in place by `commit` and `ended`: a
   * new row per move lived until the next one and reached the old generation every time.
   */
  private readonly current: Mutable<GameRow>;
  readonly log: StoredAction[];
  /** Server time of the last use, so that idle games can leave memory. */
  touchedAt = 0;
  private undos = 0;
  /** Every position since the deal, up to the last one that can be redone; `cursor` is the current one. */
  private readonly states: GameState[];
  /** `moves[i]` led from `states[i]` to `states[i + 1]`. */
  private readonly moves: Move[] = [];
  private cursor = 0;
  /**
   * Whether a position has no legal move, by index. A move's events already say so (the rules
   * look for legal moves once, to tell `lost`), so a played move never asks again; a position
   * reached by undo or redo is worked out once, when first asked.
   */
  private readonly stuckAt: (boolean | undefined)[] = [];

  /** `row`'s tally columns are worked out again from the deal and `log`. */
  constructor(row: GameRow, log: readonly StoredAction[]) {
    this.current = { ...row };
    this.states = [newGame(row.variant, row.options, row.deck)];
    this.log = [];
    this.tallyFrom(this.states[0]!);
    for (const stored of log) {
      const tried = this.tryAction(stored.action);
      if (!tried.ok) throw new Error(`game ${row.id} does not replay at action ${stored.seq}: ${tried.reason}`);
      this.commit(stored, tried.state, tried.events);
    }
  }

  get row(): GameRow {
    return this.current;
  }

  /** The game ended: its row says how. */
  ended(status: GameRow['status'], finishedAt: number, timeMs: number): void {
    this.current.status = status;
    this.current.finishedAt = finishedAt;
    this.current.timeMs = timeMs;
  }

  get state(): GameState {
    return this.states[this.cursor]!;
  }

  get seq(): number {
    return this.log.length;
  }

  /** No legal move and not won: the rules' `lost`, which undo may still get out of. */
  get stuck(): boolean {
    let stuck = this.stuckAt[this.cursor];
    if (stuck === undefined) {
      stuck = gameStatus(this.state) === 'lost';
      this.stuckAt[this.cursor] = stuck;
    }
    return stuck;
  }

  get canUndo(): boolean {
    return this.cursor > 0;
  }

  get canRedo(): boolean {
    return this.cursor < this.states.length - 1;
  }

  /** What `action` would do, without doing it: the position it leads to. */
  tryAction(
    action: GameAction,
  ):
    | { ok: true; state: GameState; events: readonly GameEvent[] }
    | { ok: false; reason: IllegalReason | 'nothing-to-undo' | 'nothing-to-redo' } {
    switch (action.kind) {
      case 'undo':
        return this.canUndo
          ? { ok: true, state: this.states[this.cursor - 1]!, events: [] }
          : { ok: false, reason: 'nothing-to-undo' };
      case 'redo':
        return this.canRedo
          ? { ok: true, state: this.states[this.cursor + 1]!, events: [] }
          : { ok: false, reason: 'nothing-to-redo' };
      default:
        return applyMove(this.state, action);
    }
  }

  /** Takes a stored action in; `state` and `events` are what `tryAction` said it leads to. */
  commit(stored: StoredAction, state: GameState, events: readonly GameEvent[]): void {
    this.log.push(stored);
    const action = stored.action;
    if (action.kind === 'undo') {
      this.cursor--;
      this.undos++;
    } else if (action.kind === 'redo') {
      this.cursor++;
    } else {
      // A move drops whatever could have been redone.
      this.moves.length = this.cursor;
      this.moves.push(action as Move);
      this.cursor++;
      this.states.length = this.cursor;
      this.states.push(state);
      this.stuckAt.length = this.cursor;
      this.stuckAt.push(events.some((e) => e.type === 'lost'));
    }
    this.tallyFrom(state);
  }

  /** What the row says of the position now (an undo and a redo count as moves). */
  tally(): GameTally {
    const row = this.current;
    return { moves: row.moves, undos: row.undos, progress: row.progress, faceDown: row.faceDown };
  }

  private tallyFrom(state: GameState): void {
    const row = this.current;
    row.seq = this.log.length;
    row.moves = this.log.length;
    row.undos = this.undos;
    row.progress = progressOf(state);
    row.faceDown = faceDownCount(state);
  }

  movesSoFar(): readonly Move[] {
    return this.moves.slice(0, this.cursor);
  }
}
