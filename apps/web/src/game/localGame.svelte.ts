import {
  canRedo,
  canUndo,
  currentState,
  dealFromSeed,
  type GameRecord,
  type GameState,
  type GameStatus,
  gameStatus,
  type History,
  type IllegalReason,
  isSeed,
  isVariantId,
  type Move,
  movesSoFar,
  newGame,
  newHistory,
  play,
  progressOf,
  recordOf,
  redo,
  replay,
  toPlayerView,
  undo,
} from '@scorpion/rules';
import { readJson, writeJson } from '../lib/storage.ts';
import type { Asked } from './asked.ts';
import { parseLineParam } from './lineParam.ts';
import { type PracticeConfig, sameConfig } from './practiceConfig.ts';

const KEY = 'scorpion.practice';

interface Saved {
  config: PracticeConfig;
  moves: Move[];
  cursor: number;
}

/**
 * A practice game played entirely in the browser with the shared rules: unlimited undo and
 * redo, saved after every change so that a reload comes back to the same position.
 */
export class LocalGame {
  readonly config: PracticeConfig;
  #history = $state.raw<History>() as History;
  readonly #start: GameState;

  constructor(config: PracticeConfig) {
    this.config = config;
    this.#start = startOf(config);
    this.#history = this.#restore() ?? newHistory(this.#start);
  }

  /** The saved game's config, to reopen the last practice deal when the link names none. */
  static savedConfig(): PracticeConfig | undefined {
    return readJson<Saved>(KEY)?.config;
  }

  /**
   * The saved game as a record, up to the position the player is at: what the replay viewer
   * opens from the practice page, and survives a reload there since it lives in the browser.
   */
  static savedRecord(): GameRecord | undefined {
    const saved = readJson<Saved>(KEY);
    const config = saved?.config;
    if (!config || !isVariantId(config.variant) || !isSeed(config.seed) || !Array.isArray(saved.moves)) {
      return undefined;
    }
    return practiceRecord(config, saved.moves.slice(0, saved.cursor));
  }

  /** The moves so far as a record, the CLI's format: the deck is the player's own in practice. */
  get record(): GameRecord {
    return practiceRecord(this.config, this.moves);
  }

  get view(): GameState {
    return toPlayerView(currentState(this.#history));
  }

  /** The whole position, face-down cards included: only for the solver's hints. */
  get fullState(): GameState {
    return currentState(this.#history);
  }

  get status(): GameStatus {
    return gameStatus(currentState(this.#history));
  }

  get progress(): number {
    return progressOf(currentState(this.#history));
  }

  get moveCount(): number {
    return this.#history.cursor;
  }

  get canUndo(): boolean {
    return canUndo(this.#history);
  }

  get canRedo(): boolean {
    return canRedo(this.#history);
  }

  play(move: Move): IllegalReason | undefined {
    const result = play(this.#history, move);
    if (!result.ok) return result.reason;
    this.#set(result.history);
    return undefined;
  }

  /** `done` when there was a move to take back. */
  undo(): Asked {
    if (!this.canUndo) return 'nothing';
    this.#set(undo(this.#history));
    return 'done';
  }

  /** `done` when there was an undone move to play again. */
  redo(): Asked {
    if (!this.canRedo) return 'nothing';
    this.#set(redo(this.#history));
    return 'done';
  }

  restart() {
    this.#set(newHistory(this.#start));
  }

  #set(history: History) {
    this.#history = history;
    writeJson(KEY, { config: this.config, moves: [...history.moves], cursor: history.cursor } satisfies Saved);
  }

  /** Replays the saved moves; a save for another deal, or one that no longer replays, is ignored. */
  #restore(): History | undefined {
    const saved = readJson<Saved>(KEY);
    if (!saved || !sameConfig(saved.config, this.config) || !Array.isArray(saved.moves)) return undefined;
    let history = newHistory(this.#start);
    for (const move of saved.moves) {
      const result = play(history, move);
      if (!result.ok) return undefined;
      history = result.history;
    }
    for (let i = saved.moves.length; i > saved.cursor; i--) history = undo(history);
    return history;
  }

  get moves(): readonly Move[] {
    return movesSoFar(this.#history);
  }
}

function dealtOf(config: PracticeConfig): GameState {
  return newGame(config.variant, config.options, dealFromSeed(config.variant, config.seed));
}

/** The moves before the game's start: the line a "Try it yourself" link names, when it replays (else none). */
function movesBefore(config: PracticeConfig): Move[] {
  const moves = (config.from && parseLineParam(config.from)) || [];
  return replay(dealtOf(config), moves).ok ? moves : [];
}

/** The position the game starts from: the deal, after the link's moves. */
function startOf(config: PracticeConfig): GameState {
  const reached = replay(dealtOf(config), movesBefore(config));
  if (!reached.ok) throw new Error('the moves before the start replay');
  return reached.state;
}

function practiceRecord(config: PracticeConfig, moves: readonly Move[]): GameRecord {
  const deck = dealFromSeed(config.variant, config.seed);
  return recordOf(config.variant, config.options, deck, [...movesBefore(config), ...moves]);
}
