import { dealFromSeed, newGame, toPlayerView, VARIANT_IDS } from '@scorpion/rules';
import { expect, test } from 'vitest';
import { ClientMessage, ServerMessage, toGameState, VariantId, type WireView } from './index.ts';

test('the variant enum is exactly the rules variants', () => {
  expect(VariantId.options).toEqual(VARIANT_IDS);
});

test('client messages are strict and discriminated by type', () => {
  const move = { type: 'move', gameId: 'g1', expect: 3, move: { kind: 'move', from: 0, row: 2, to: 4 } };
  expect(ClientMessage.safeParse(move).success).toBe(true);
  expect(ClientMessage.safeParse({ ...move, extra: 1 }).success).toBe(false);
  expect(ClientMessage.safeParse({ ...move, move: { kind: 'move', from: -1, row: 2, to: 4 } }).success).toBe(false);
  expect(ClientMessage.safeParse({ ...move, expect: 1.5 }).success).toBe(false);
  expect(ClientMessage.safeParse({ type: 'teleport' }).success).toBe(false);
  expect(ClientMessage.safeParse({ type: 'room-join', code: 'ABC0O1' }).success).toBe(false);
  expect(ClientMessage.safeParse({ type: 'room-join', code: 'ABCD23' }).success).toBe(true);
});

test('a view decodes back to a state with the same shape, hidden cards unknown', () => {
  const state = toPlayerView(
    newGame('scorpion', { foundations: false, open: false }, dealFromSeed('scorpion', '0'.repeat(32))),
  );
  const wire: WireView = {
    variant: 'scorpion',
    options: state.options,
    columns: state.columns.map((c) => c.map((card) => (card < 0 ? null : 'AS'))),
    hidden: [...state.hidden],
    stock: 3,
    reserve: [],
    foundations: [],
  };
  const back = toGameState(wire);
  expect(back.columns.map((c) => c.length)).toEqual(state.columns.map((c) => c.length));
  expect(back.stock).toEqual([-1, -1, -1]);
  expect(back.columns[0]![0]).toBe(-1);
});

test('an error frame needs every field, nullable ones as null', () => {
  const frame = { type: 'error', code: 'stale', message: 'm', ref: 'move', gameId: null, reason: null, game: null };
  expect(ServerMessage.safeParse(frame).success).toBe(true);
  expect(ServerMessage.safeParse({ ...frame, code: 'nope' }).success).toBe(false);
});
