import {
  applyMove,
  dealFromSeed,
  type GameState,
  legalMoves,
  type Move,
  newGame,
  toPlayerView,
  VARIANTS,
  type VariantId,
} from '@scorpion/rules';
import { describe, expect, test } from 'vitest';
import { advanceSnapshot, SnapshotLine } from './advance.ts';
import type { GameSnapshot, GameUpdate } from './game.ts';
import { Ack } from './server.ts';
import { toWireEvents, toWireView } from './wire.ts';

const UPDATE: GameUpdate = {
  status: 'playing',
  stuck: false,
  canUndo: true,
  canRedo: false,
  moves: 0,
  undos: 0,
  progress: 0,
  faceDown: 0,
  elapsedMs: 1234,
  serverTime: 5678,
};

/** What the server sends of `state` (its secrecy gate's `position`), as a snapshot at `seq`. */
function snapshotOf(state: GameState, seq: number): GameSnapshot {
  return {
    gameId: 'g1',
    kind: 'practice',
    ranked: false,
    seq,
    view: toWireView(toPlayerView(state)),
    ...UPDATE,
    daily: null,
    roomCode: null,
    raceId: null,
    arena: null,
    hints: 0,
    seed: null,
    record: null,
  };
}

/** The small ack the server sends for a move it applied to the full state. */
function ackOf(seq: number, events: Parameters<typeof toWireEvents>[0], moves: number): Ack {
  return Ack.parse({
    type: 'ack',
    gameId: 'g1',
    seq,
    duplicate: false,
    events: toWireEvents(events),
    update: { ...UPDATE, moves },
    game: null,
    race: null,
  });
}

/** A deterministic walk through legal moves, the deal and foundation moves included. */
function* walk(state: GameState, seed: number, steps: number) {
  let x = seed;
  for (let i = 0; i < steps; i++) {
    const moves = legalMoves(state);
    if (moves.length === 0) return;
    x = (x * 1103515245 + 12345) % 2 ** 31;
    const move = moves[x % moves.length]!;
    const result = applyMove(state, move);
    if (!result.ok) throw new Error(`a legal move was refused: ${result.reason}`);
    yield { before: state, move, result, seq: i };
    state = result.state;
  }
}

const seedOf = (n: number) => n.toString(16).padStart(32, '0');

/* Twelve walks of up to 200 moves per case: about a second alone, several on a loaded machine. */
describe('advanceSnapshot works out the board the server holds, from the small ack', { timeout: 60_000 }, () => {
  for (const variant of Object.keys(VARIANTS) as VariantId[]) {
    for (const options of [
      { foundations: false, open: false },
      { foundations: true, open: false },
      { foundations: true, open: true },
    ]) {
      test(`${variant} ${JSON.stringify(options)}`, () => {
        let turned = 0;
        let dealt = 0;
        for (let game = 1; game <= 12; game++) {
          const start = newGame(variant, options, dealFromSeed(variant, seedOf(game)));
          for (const { before, move, result, seq } of walk(start, game, 200)) {
            turned += result.events.filter((e) => e.type === 'turned').length;
            dealt += result.events.filter((e) => e.type === 'dealt').length;
            const after = advanceSnapshot(snapshotOf(before, seq), move, ackOf(seq + 1, result.events, seq + 1));
            expect(after).toEqual({ ...snapshotOf(result.state, seq + 1), moves: seq + 1 });
          }
        }
        // The walks must have met what the ack has to carry, or the test proves little.
        if (!options.open) expect(turned).toBeGreaterThan(0);
        if (VARIANTS[variant].reserve === 'stock') expect(dealt).toBeGreaterThan(0);
      });
    }
  }
});

describe('advanceSnapshot declines what it cannot work out', () => {
  const start = newGame('scorpion', { foundations: false, open: false }, dealFromSeed('scorpion', seedOf(7)));
  const move = legalMoves(start).find((m): m is Move => m.kind === 'move')!;
  const played = applyMove(start, move);
  if (!played.ok) throw new Error('no first move');
  const before = snapshotOf(start, 3);

  test('an ack with the whole game is taken as it is', () => {
    const game = snapshotOf(played.state, 4);
    expect(advanceSnapshot(before, move, { ...ackOf(4, played.events, 4), game })).toBe(game);
  });

  test('an ack that is not for the next action', () => {
    expect(advanceSnapshot(before, move, ackOf(5, played.events, 5))).toBeUndefined();
    expect(advanceSnapshot(before, move, { ...ackOf(4, played.events, 4), gameId: 'other' })).toBeUndefined();
  });

  test('undo and redo without the whole game', () => {
    expect(advanceSnapshot(before, { kind: 'undo' }, ackOf(4, [], 4))).toBeUndefined();
    expect(advanceSnapshot(before, { kind: 'redo' }, ackOf(4, [], 4))).toBeUndefined();
  });

  test('a move that does not apply to the snapshot', () => {
    expect(advanceSnapshot(snapshotOf(played.state, 3), move, ackOf(4, [], 4))).toBeUndefined();
  });
});

describe('SnapshotLine takes small undo and redo acks to the board the server holds', () => {
  /** The small ack of an undo or a redo, as the server sends it: no board, no card. */
  const backAck = (kind: 'undo' | 'redo', seq: number): Ack =>
    Ack.parse({ ...ackOf(seq, [], seq), events: [{ type: kind }] });

  test('back along a walk past turned cards and deals, forward again, and a move that drops the redos', () => {
    const start = newGame('scorpion', { foundations: false, open: false }, dealFromSeed('scorpion', seedOf(3)));
    const states = [start];
    const steps = [...walk(start, 3, 30)];
    for (const step of steps) states.push(step.result.state);
    const line = new SnapshotLine();
    let seq = 0;
    let shown = snapshotOf(start, 0);
    const expectAt = (position: number) => expect(shown.view).toEqual(snapshotOf(states[position]!, 0).view);
    for (const { move, result } of steps) {
      shown = line.advance(shown, move, ackOf(seq + 1, result.events, seq + 1))!;
      seq++;
    }
    // Undo every move: each hides again what its move turned over.
    for (let position = steps.length - 1; position >= 0; position--) {
      shown = line.advance(shown, { kind: 'undo' }, backAck('undo', ++seq))!;
      expectAt(position);
    }
    expect(line.advance(shown, { kind: 'undo' }, backAck('undo', seq + 1))).toBeUndefined();
    for (let position = 1; position <= 3; position++) {
      shown = line.advance(shown, { kind: 'redo' }, backAck('redo', ++seq))!;
      expectAt(position);
    }
    // A move from here leaves nothing to redo.
    const other = legalMoves(states[3]!).find((m) => JSON.stringify(m) !== JSON.stringify(steps[3]!.move))!;
    const played = applyMove(states[3]!, other);
    if (!played.ok) throw new Error(played.reason);
    shown = line.advance(shown, other, ackOf(seq + 1, played.events, ++seq))!;
    expect(shown.view).toEqual(snapshotOf(played.state, 0).view);
    expect(line.advance(shown, { kind: 'redo' }, backAck('redo', seq + 1))).toBeUndefined();
    shown = line.advance(shown, { kind: 'undo' }, backAck('undo', ++seq))!;
    expectAt(3);
  });

  test('after a whole snapshot (or a reset), and past its depth, it declines', () => {
    const start = newGame('scorpion', { foundations: false, open: false }, dealFromSeed('scorpion', seedOf(5)));
    const line = new SnapshotLine(2);
    let shown = snapshotOf(start, 0);
    let seq = 0;
    for (const { move, result } of walk(start, 5, 3))
      shown = line.advance(shown, move, ackOf(++seq, result.events, seq))!;
    shown = line.advance(shown, { kind: 'undo' }, backAck('undo', ++seq))!;
    shown = line.advance(shown, { kind: 'undo' }, backAck('undo', ++seq))!;
    expect(line.advance(shown, { kind: 'undo' }, backAck('undo', seq + 1))).toBeUndefined();
    line.reset();
    expect(line.advance(shown, { kind: 'redo' }, backAck('redo', seq + 1))).toBeUndefined();
  });
});
