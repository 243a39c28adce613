import { type GameSnapshot, type GameUpdate, toWireView, type WireView } from '@scorpion/protocol';
import { faceDownCount, type GameState, progressOf, toPlayerView } from '@scorpion/rules';

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
  readonly update: Omit<GameUpdate, 'progress' | 'faceDown'>;
  readonly state: GameState;
  /** The seed when the player may see it (chose it, or the game is public). */
  readonly seed: string | null;
  /** The whole deck and the move line, only when the game is public. */
  readonly record: GameSnapshot['record'];
}

/** What an ack carries besides the events: everything but the board, which holds no card. */
export function update(fields: Omit<GameUpdate, 'progress' | 'faceDown'>, state: GameState): GameUpdate {
  return { ...fields, progress: progressOf(state), faceDown: faceDownCount(state) };
}

export function snapshot({ base, update: fields, state, seed, record }: SnapshotInput): GameSnapshot {
  return { ...base, ...update(fields, state), view: wireView(state), seed, record };
}
