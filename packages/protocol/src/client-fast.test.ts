import fc from 'fast-check';
import { expect, test } from 'vitest';
import { ClientMessage } from './client.ts';
import { fastClientMessage } from './client-fast.ts';

const move = { type: 'move', gameId: 'g1', expect: 3, move: { kind: 'move', from: 0, row: 2, to: 4 } };

/** zod's answer: the parsed value, or undefined when it refuses. */
const zod = (json: unknown) => {
  const parsed = ClientMessage.safeParse(json);
  return parsed.success ? parsed.data : undefined;
};

/** The fast check either passes the frame to zod (undefined) or gives exactly zod's value, key order included. */
function agrees(json: unknown): void {
  const fast = fastClientMessage(json);
  if (fast === undefined) return;
  const reference = zod(json);
  expect(reference).toBeDefined();
  expect(JSON.stringify(fast)).toBe(JSON.stringify(reference));
}

test('every move, undo and redo that zod takes is taken, with the same value and key order', () => {
  const frames: unknown[] = [
    move,
    { type: 'undo', gameId: 'g1', expect: 0 },
    { type: 'redo', gameId: 'x'.repeat(64), expect: 1_000_000 },
    { ...move, move: { kind: 'deal' } },
    { ...move, move: { kind: 'reserve', index: 3, to: 200 } },
    { ...move, move: { kind: 'foundation', from: 9 } },
    { ...move, move: { kind: 'unfoundation', foundation: 0, to: 1 } },
    // Keys in another order than the schema's: the value comes back in the schema's.
    { move: { to: 4, row: 2, from: 0, kind: 'move' }, expect: 3, gameId: 'g1', type: 'move' },
    // The request id the server echoes on the answer, wherever it stands.
    { ...move, rid: 'r-17' },
    { rid: 'A_z-09', type: 'undo', gameId: 'g1', expect: 0 },
    { type: 'redo', gameId: 'g1', expect: 1, rid: 'x'.repeat(32) },
  ];
  for (const frame of frames) {
    const fast = fastClientMessage(JSON.parse(JSON.stringify(frame)));
    expect(fast).toBeDefined();
    expect(JSON.stringify(fast)).toBe(JSON.stringify(zod(frame)));
  }
});

test('what zod refuses is left to zod, and so is every other message', () => {
  const refused: unknown[] = [
    { ...move, extra: 1 },
    { ...move, rid: '' },
    { ...move, rid: 'x'.repeat(33) },
    { ...move, rid: 'no spaces' },
    { ...move, rid: 7 },
    { ...move, rid: null },
    { ...move, move: { kind: 'move', from: -1, row: 2, to: 4 } },
    { ...move, move: { kind: 'move', from: 0, row: 2, to: 201 } },
    { ...move, move: { kind: 'move', from: 0, row: 2 } },
    { ...move, move: { kind: 'move', from: 0, row: 2, to: 4, extra: 0 } },
    { ...move, move: { kind: 'deal', to: 1 } },
    { ...move, move: { kind: 'undo' } },
    { ...move, move: [0, 2, 4] },
    { ...move, move: null },
    { ...move, expect: 1.5 },
    { ...move, expect: -1 },
    { ...move, expect: 1_000_001 },
    { ...move, expect: '3' },
    { ...move, gameId: '' },
    { ...move, gameId: 'x'.repeat(65) },
    { ...move, gameId: 7 },
    { type: 'undo', gameId: 'g1', expect: 0, move: { kind: 'deal' } },
    { type: 'undo', gameId: 'g1' },
    JSON.parse('{"type":"undo","gameId":"g1","expect":0,"__proto__":{"x":1}}'),
    [move],
    null,
    'move',
  ];
  for (const frame of refused) {
    expect(zod(frame)).toBeUndefined();
    expect(fastClientMessage(frame)).toBeUndefined();
  }
  expect(fastClientMessage({ type: 'ping', id: 1 })).toBeUndefined();
  expect(fastClientMessage({ type: 'room-join', code: 'ABCD23' })).toBeUndefined();
});

test('on any frame, the fast check never takes what zod refuses nor changes what zod returns', () => {
  const index = fc.oneof(fc.integer({ min: -2, max: 202 }), fc.double(), fc.constantFrom('1', null, true));
  const anyMove = fc.oneof(
    fc.record(
      {
        kind: fc.constantFrom('move', 'deal', 'reserve', 'foundation', 'unfoundation', 'undo', 'other'),
        from: index,
        row: index,
        to: index,
        index,
        foundation: index,
        extra: fc.integer(),
      },
      { requiredKeys: ['kind'] },
    ),
    fc.anything(),
  );
  const frame = fc.record(
    {
      type: fc.constantFrom('move', 'undo', 'redo', 'ping', 'give-up'),
      gameId: fc.oneof(fc.string({ minLength: 0, maxLength: 70 }), fc.integer()),
      expect: fc.oneof(fc.integer({ min: -1, max: 1_000_001 }), fc.double(), fc.string()),
      move: anyMove,
      rid: fc.oneof(fc.constantFrom('r1', 'A_b-2', ''), fc.string({ maxLength: 40 }), fc.integer()),
      extra: fc.anything(),
    },
    { requiredKeys: [] },
  );
  // JSON's round trip: the server checks what `JSON.parse` made of a frame.
  fc.assert(
    fc.property(frame, (f) => agrees(JSON.parse(JSON.stringify(f)))),
    { seed: 14, numRuns: 5000 },
  );
});
