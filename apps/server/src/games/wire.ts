import type { GameSnapshot, GameUpdate } from '@scorpion/protocol';
import type { GameState } from '@scorpion/rules';
import { gate } from '../secrecy.ts';

/*
 * A game as a socket carries it: its position through the secrecy gate (`gate.position`), the
 * deck and the seed only when the caller says the game is public (see `GameSnapshot.record`).
 */

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
    view: gate.position(state),
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
