import { type GameAction, type GameUpdate, type RaceStanding, toWireEvents } from '@scorpion/protocol';
import {
  type GameEvent,
  type GameState,
  gameStatus,
  type IllegalReason,
  isWon,
  type Move,
  newGame,
  playCoded,
  tallyOf,
} from '@scorpion/rules';
import type { Clock } from '../clock.ts';
import type { GameRow, GamesRepo, GameTally, StoredAction } from '../repo/types.ts';
import { actionOf, REDO, UNDO } from './action-codes.ts';
import type { Played } from './outcomes.ts';
import { Positions, ScratchPosition } from './positions.ts';

/**
 * What runs a live game here besides the game service: a race runs its racers' games. The game
 * carries its owner (`LiveGame.owner`, set by the game cache alone), so that gating an action
 * is a check on the game itself, and its owner hears each stored change of it, once.
 */
export interface GameOwner {
  /** When the game takes actions: data the owner keeps up to date, read without a call. */
  readonly window: GameWindow;
  /**
   * Cluster mode only, right before an action is stored: rejects once this process no longer
   * owns the game; undefined when there is nothing to wait for (a lease held).
   */
  readonly confirm?: () => Promise<void> | undefined;
  /**
   * After every stored change of the game. `ack`: the change is its player's own action, whose
   * ack carries what this answers besides (everyone's progress in a running race), if anything.
   */
  changed(game: LiveGame, ack: boolean): RaceStanding | Promise<RaceStanding | undefined> | undefined;
  /** The game left memory (idle, or found behind what is stored): the owner lets go of this copy. */
  forgotten(game: LiveGame): void;
}

/** Actions are refused before `opensAt` (a race's countdown); from `closesAt` on the game times out. */
export interface GameWindow {
  opensAt: number;
  closesAt: number | null;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** An action tried: the position it leads to, what happened on the way, and its code in the log. */
interface Tried {
  readonly ok: true;
  readonly state: GameState;
  readonly events: readonly GameEvent[];
  readonly code: number;
}

function grown<T extends Int32Array | Float64Array>(array: T, length: number): T {
  if (length <= array.length) return array;
  const bigger = new (array.constructor as new (n: number) => T)(Math.max(length, array.length * 2));
  bigger.set(array);
  return bigger;
}

/**
 * One game in memory: its row, its positions (for undo and redo) and its action log. An action
 * is stored (through the store `play` is handed) before it is taken in here.
 *
 * Nothing it keeps is an object per move. Under load a player's move lives until their next one
 * (half a second in the bench), long enough for V8 to copy it into the old generation: the
 * rules' immutable `History` (every move copied the whole list) was the worst of it, then a
 * state, a row and a log entry per move. So the positions are packed bytes (`Positions`), the
 * log is action codes and times in typed arrays, and the row is changed in place; the current
 * position is decoded when asked for, as a fresh object that dies young.
 */
export class LiveGame {
  /**
   * The game's row, with its tally (`seq`, `moves`, `undos`, `progress`, `faceDown`) as of its last action. One
   * object for the game's life, changed in place (`commit`, `ended`): a new row per move reached the old generation.
   */
  private readonly current: Mutable<GameRow>;
  /** Server time of the last use, so that idle games can leave memory. */
  touchedAt = 0;
  /** What runs the game here (its race), if anything: set by the game cache alone. */
  owner: GameOwner | undefined = undefined;
  private undos = 0;
  /** The log: action `i` (stored at `seq` `i`) is `codes[i]`, stored at server time `ats[i]`. */
  private codes = new Int32Array(64);
  private ats = new Float64Array(64);
  private actions = 0;
  /** Every position since the deal, up to the last one that can be redone; `cursor` is the current one. */
  private readonly positions: Positions;
  /**
   * The current position as a move's try reads it, decoded into arrays the game keeps (`Positions.into`): only
   * `tryAction` uses it, and `commit` packs the state it returns before the game's next action (one at a time).
   */
  private readonly scratch: ScratchPosition;
  private cursor = 0;
  /**
   * Whether a position has no legal move, by index. A move's events say so already (the rules look for legal
   * moves once, to tell `lost`); a position reached by undo or redo is worked out once, when first asked.
   */
  private readonly stuckAt: (boolean | undefined)[] = [];
  /** Whether a position is won, by index: the deal's looked at once, each move's from its `won` event. */
  private readonly wonAt: boolean[] = [];

  /** `row`'s tally columns are worked out again from the deal and `log`. */
  constructor(row: GameRow, log: readonly StoredAction[]) {
    this.current = { ...row };
    const dealt = newGame(row.variant, row.options, row.deck);
    this.positions = new Positions(row.variant, row.options);
    this.scratch = new ScratchPosition(row.variant, row.options);
    this.positions.push(dealt);
    this.wonAt.push(isWon(dealt));
    this.tallyFrom(dealt);
    for (const stored of log) this.replay(stored);
  }

  /** Takes in an action stored before (a game loaded again, a ghost's timeline); throws if it does not play. */
  replay(stored: StoredAction): void {
    const tried = this.tryAction(stored.action);
    if (!tried.ok) throw new Error(`game ${this.current.id} does not replay at action ${stored.seq}: ${tried.reason}`);
    this.commit(stored, tried);
  }

  /**
   * Plays `action`, sent as the game's `expect`-th, in one call: a resent action is answered
   * again; else, if `open`, at `expect` and legal, it is stored in `repo` (once the owner
   * confirms it still runs the game) and only then taken in. A failed store throws and changes
   * nothing. One action of a game at a time: the try lives in the scratch arrays until the commit.
   */
  async playAction(expect: number, action: GameAction, open: boolean, now: Clock, repo: GamesRepo): Promise<Played> {
    if (expect < this.actions && JSON.stringify(this.stored(expect).action) === JSON.stringify(action)) {
      return { ok: true, duplicate: true };
    }
    if (!open) return { ok: false, reason: 'closed' };
    if (expect !== this.actions) return { ok: false, reason: 'stale' };
    const tried = this.tryAction(action);
    if (!tried.ok) return tried;
    const confirming = this.owner?.confirm?.();
    if (confirming) await confirming;
    const stored = { seq: this.actions, action, at: now() };
    await repo.append(this.current.id, stored);
    this.commit(stored, tried);
    const events = toWireEvents(tried.events);
    if (action.kind === 'undo' || action.kind === 'redo') events.push({ type: action.kind });
    return { ok: true, duplicate: false, events, won: this.won, update: this.update(now()) };
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

  /** The current position, decoded anew on every call: hold it only as long as needed. */
  get state(): GameState {
    return this.positions.at(this.cursor);
  }

  /** The action stored at `seq` (below `this.seq`). */
  stored(seq: number): StoredAction {
    return { seq, action: actionOf(this.codes[seq]!), at: this.ats[seq]! };
  }

  get seq(): number {
    return this.actions;
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

  /** The current position is won: the rules said so with the move that led here. */
  get won(): boolean {
    return this.wonAt[this.cursor]!;
  }

  get canUndo(): boolean {
    return this.cursor > 0;
  }

  get canRedo(): boolean {
    return this.cursor < this.positions.length - 1;
  }

  /**
   * What `action` would do, without doing it: the position it leads to, and its code in the log.
   * For a move, that state shares arrays with the game's scratch position: commit it (or drop
   * it) before the game's next try.
   */
  private tryAction(
    action: GameAction,
  ): Tried | { ok: false; reason: IllegalReason | 'nothing-to-undo' | 'nothing-to-redo' } {
    switch (action.kind) {
      case 'undo':
        return this.canUndo
          ? { ok: true, state: this.positions.at(this.cursor - 1), events: [], code: UNDO }
          : { ok: false, reason: 'nothing-to-undo' };
      case 'redo':
        return this.canRedo
          ? { ok: true, state: this.positions.at(this.cursor + 1), events: [], code: REDO }
          : { ok: false, reason: 'nothing-to-redo' };
      default:
        if (this.won) return { ok: false, reason: 'game-over' };
        return playCoded(this.positions.into(this.cursor, this.scratch), action);
    }
  }

  /** Takes a stored action in: what `tryAction` said it leads to. */
  private commit(stored: StoredAction, { state, events, code }: Tried): void {
    this.codes = grown(this.codes, this.actions + 1);
    this.ats = grown(this.ats, this.actions + 1);
    this.codes[this.actions] = code;
    this.ats[this.actions] = stored.at;
    this.actions++;
    if (code === UNDO) {
      this.cursor--;
      this.undos++;
    } else if (code === REDO) {
      this.cursor++;
    } else {
      // A move drops whatever could have been redone.
      this.cursor++;
      this.positions.push(state, code, this.cursor);
      this.stuckAt.length = this.cursor;
      this.stuckAt.push(events.some((e) => e.type === 'lost'));
      this.wonAt.length = this.cursor;
      this.wonAt.push(events.some((e) => e.type === 'won'));
    }
    this.tallyFrom(state);
  }

  /** What an action changed besides the board, at `now`: cheap, and holds no card (the row's tally is the position's). */
  update(now: number): GameUpdate {
    const row = this.current;
    const playing = row.status === 'playing';
    // Key by key, as `snapshot` (wire.ts) builds its object.
    return {
      status: row.status,
      stuck: playing && this.stuck,
      canUndo: playing && this.canUndo,
      canRedo: playing && this.canRedo,
      moves: row.moves,
      undos: row.undos,
      progress: row.progress,
      faceDown: row.faceDown,
      elapsedMs: this.playedMs(now),
      serverTime: now,
    };
  }

  /**
   * Its clock at `at` (server clock): the time since it started, less any downtime credited to it (`pausedMs`);
   * once it has ended, its final time. A race game starts with its race: during the countdown this is negative.
   */
  playedMs(at: number): number {
    const row = this.current;
    return row.timeMs ?? at - row.startedAt - row.pausedMs;
  }

  /** What the row says of the position now (an undo and a redo count as moves). */
  tally(): GameTally {
    const row = this.current;
    return { moves: row.moves, undos: row.undos, progress: row.progress, faceDown: row.faceDown };
  }

  private tallyFrom(state: GameState): void {
    const row = this.current;
    row.seq = this.actions;
    row.moves = this.actions;
    row.undos = this.undos;
    const { progress, faceDown } = tallyOf(state);
    row.progress = progress;
    row.faceDown = faceDown;
  }

  movesSoFar(): readonly Move[] {
    return this.positions.movesTo(this.cursor);
  }
}
