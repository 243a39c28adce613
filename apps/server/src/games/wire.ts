import { type GameSnapshot, type GameUpdate, toWireView, type WireView } from '@scorpion/protocol';
import { type GameState, toPlayerView } from '@scorpion/rules';

/**
 * The choke point: the only module that turns a game into something a socket may carry.
 * Everything goes through `toPlayerView` first, so a face-down card or a stock card cannot be
 * serialised by mistake; the deck and the seed go out only when the caller says the game is
 * public (see `GameSnapshot.record`).
 */
export function wireView(state: GameState): WireView {
  return toWireView(toPlayerView(state));
}

export interface SnapshotInput {
  readonly base: Omit<GameSnapshot, keyof GameUpdate | 'view' | 'progress' | 'faceDown' | 'seed' | 'record'>;
  readonly update: GameUpdate;
  readonly state: GameState;
  /** The seed when the player may see it (chose it, or the game is public). */
  readonly seed: string | null;
  /** The whole deck and the move line, only when the game is public. */
  readonly record: GameSnapshot['record'];
}

/*
 * Built key by key: a spread that adds keys the source lacks (`{ ...fields, progress }`) makes V8
 * build the object slowly, about 1 KB of garbage each.
 */
export function snapshot({ base: b, update: u, state, seed, record }: SnapshotInput): GameSnapshot {
  return {
    gameId: b.gameId,
    kind: b.kind,
    ranked: b.ranked,
    seq: b.seq,
    view: wireView(state),
    status: u.status,
    stuck: u.stuck,
    canUndo: u.canUndo,
    canRedo: u.canRedo,
    moves: u.moves,
    undos: u.undos,
    progress: u.progress,
    faceDown: u.faceDown,
    elapsedMs: u.elapsedMs,
    serverTime: u.serverTime,
    daily: b.daily,
    roomCode: b.roomCode,
    raceId: b.raceId,
    arena: b.arena,
    hints: b.hints,
    seed,
    record,
  };
}
