import { dealFromSeed, newGame, toPlayerView, VARIANT_IDS } from '@scorpion/rules';
import { expect, test } from 'vitest';
import {
  ClientMessage,
  DailyInfo,
  DailyTimes,
  DailyTimesQuery,
  ServerMessage,
  toGameState,
  VariantId,
  type WireView,
} from './index.ts';

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

test('daily info: difficulty is 1–5 stars or null, the solution a list of rules moves or null', () => {
  const today = {
    date: '2026-06-01',
    day: 152,
    variant: 'scorpion',
    options: { foundations: false, open: false },
    public: false,
    seed: null,
    deck: null,
    difficulty: { stars: 3, label: 'Tricky' },
    solution: null,
    serverTime: 1,
  };
  expect(DailyInfo.safeParse(today).success).toBe(true);
  expect(DailyInfo.safeParse({ ...today, difficulty: null }).success).toBe(true);
  expect(DailyInfo.safeParse({ ...today, difficulty: { stars: 0, label: 'x' } }).success).toBe(false);
  expect(DailyInfo.safeParse({ ...today, difficulty: { stars: 6, label: 'x' } }).success).toBe(false);
  expect(DailyInfo.safeParse({ ...today, difficulty: { stars: 2.5, label: 'x' } }).success).toBe(false);
  expect(DailyInfo.safeParse({ ...today, difficulty: { stars: 3, label: 'x', score: 3.2 } }).success).toBe(false);
  const { solution: _, ...withoutSolution } = today;
  expect(DailyInfo.safeParse(withoutSolution).success).toBe(false);

  const line = [{ kind: 'deal' }, { kind: 'move', from: 0, row: 2, to: 4 }];
  expect(DailyInfo.safeParse({ ...today, public: true, solution: line }).success).toBe(true);
  expect(DailyInfo.safeParse({ ...today, solution: [{ kind: 'teleport' }] }).success).toBe(false);
});

test('daily times: an optional real date; at most 12 bins of whole, non-negative counts', () => {
  expect(DailyTimesQuery.parse({})).toEqual({});
  expect(DailyTimesQuery.parse({ date: '2026-06-01' })).toEqual({ date: '2026-06-01' });
  for (const bad of [{ date: '2026-02-30' }, { date: 'today' }, { date: '2026-06-01', page: '1' }]) {
    expect(DailyTimesQuery.safeParse(bad).success).toBe(false);
  }
  const bin = { from: 60_000, to: 90_000, count: 3, mine: true };
  const times = { date: '2026-06-01', day: 152, played: 5, won: 3, bins: [bin] };
  expect(DailyTimes.safeParse(times).success).toBe(true);
  expect(DailyTimes.safeParse({ ...times, bins: [] }).success).toBe(true);
  expect(DailyTimes.safeParse({ ...times, bins: Array(13).fill(bin) }).success).toBe(false);
  expect(DailyTimes.safeParse({ ...times, bins: [{ ...bin, count: -1 }] }).success).toBe(false);
  expect(DailyTimes.safeParse({ ...times, bins: [{ ...bin, count: 1.5 }] }).success).toBe(false);
  expect(DailyTimes.safeParse({ ...times, bins: [{ from: 0, to: 1, count: 0 }] }).success).toBe(false);
});
