import { ClientMessage } from '@scorpion/protocol';
import fc from 'fast-check';

/** One WebSocket frame as the fuzzer sends it. */
export type FuzzFrame =
  /** A text frame: the string, UTF-8 encoded. */
  | { readonly text: string }
  /** A text frame carrying bytes that are not UTF-8. */
  | { readonly textBytes: Uint8Array }
  | { readonly binary: Uint8Array };

/** The game the fuzzer aims at, so mutated messages come close to real ones. */
export interface Target {
  readonly gameId: string;
  readonly seq: number;
}

/** Keys that reach prototypes or get called by the runtime when an object meets a string. */
export const DANGEROUS_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'toJSON', 'then'];

/*
 * Messages are built as JSON text, not as objects: `{ __proto__: … }` in an object literal or an
 * assignment sets the prototype instead of making a key, and a `__proto__` key is exactly what
 * must reach the server.
 */
type Json = { readonly leaf: string } | { readonly entries: readonly (readonly [string, Json])[] };

const leaf = (text: string): Json => ({ leaf: text });
const obj = (entries: Record<string, Json>): Json => ({ entries: Object.entries(entries) });
const str = (s: string) => leaf(JSON.stringify(s));

function render(node: Json): string {
  if ('leaf' in node) return node.leaf;
  return `{${node.entries.map(([k, v]) => `${JSON.stringify(k)}:${render(v)}`).join(',')}}`;
}

/** One of every client message, valid for `target`: what the mutations start from. */
function templates({ gameId, seq }: Target): Json[] {
  const game = { gameId: str(gameId), expect: leaf(String(seq)) };
  const options = obj({ foundations: leaf('false'), open: leaf('false') });
  const moves = [
    obj({ kind: str('move'), from: leaf('0'), row: leaf('0'), to: leaf('1') }),
    obj({ kind: str('deal') }),
    obj({ kind: str('reserve'), index: leaf('0'), to: leaf('1') }),
    obj({ kind: str('foundation'), from: leaf('0') }),
    obj({ kind: str('unfoundation'), foundation: leaf('0'), to: leaf('1') }),
  ];
  const room = (type: string) => obj({ type: str(type), code: str('ABCDEF') });
  return [
    obj({ type: str('ping'), id: leaf('1') }),
    obj({ type: str('daily-join') }),
    obj({ type: str('practice-start'), variant: str('scorpion'), options, seed: str('0'.repeat(32)) }),
    obj({ type: str('game-resume'), gameId: game.gameId }),
    ...moves.map((move) => obj({ type: str('move'), ...game, move })),
    obj({ type: str('undo'), ...game }),
    obj({ type: str('redo'), ...game }),
    obj({ type: str('give-up'), gameId: game.gameId }),
    obj({
      type: str('room-create'),
      variant: str('scorpion'),
      options,
      timeLimit: leaf('0'),
      winnableOnly: leaf('true'),
    }),
    room('room-join'),
    room('room-leave'),
    room('room-start'),
    room('room-end'),
  ];
}

const SCHEMA_KEYS = ['type', 'id', 'gameId', 'expect', 'move', 'kind', 'from', 'row', 'to', 'index', 'code'];
const key = fc.oneof(fc.constantFrom(...DANGEROUS_KEYS), fc.constantFrom(...SCHEMA_KEYS), fc.string({ maxLength: 8 }));

/** Values of the wrong type, out of range, or numbers JSON can write but JavaScript cannot hold. */
const weirdLeaf: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'null',
    'true',
    '-0',
    '-1',
    '0.5',
    '201',
    '1000001',
    '1e308',
    '1e400',
    '-1e400',
    '1e-400',
    '9007199254740993',
    '123456789012345678901234567890',
    '"NaN"',
    '"Infinity"',
    '"-0"',
    '"0x10"',
    '"1e3"',
    '" 1"',
    '""',
    '"\\u0000"',
    '"\\ud800"',
    '[]',
    '{}',
    'NaN',
    'undefined',
  ),
  fc.integer().map(String),
  fc.double().map((n) => JSON.stringify(n)),
  fc.string({ unit: 'binary', maxLength: 12 }).map((s) => JSON.stringify(s)),
  fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
  // An object whose own keys shadow what String() and the prototype chain would use.
  fc
    .tuple(fc.constantFrom(...DANGEROUS_KEYS), fc.constantFrom('1', 'null', '{}', '{"type":"ping","id":1}'))
    .map(([k, v]) => `{${JSON.stringify(k)}:${v}}`),
);

/** About a thousand levels of arrays or objects around `inner`. */
const nested = (inner: string) =>
  fc
    .tuple(fc.integer({ min: 900, max: 1100 }), fc.boolean())
    .map(([depth, arrays]) =>
      arrays
        ? `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`
        : `${'{"a":'.repeat(depth)}${inner}${'}'.repeat(depth)}`,
    );

type Mutation =
  | { readonly op: 'drop'; readonly at: number; readonly which: number }
  | { readonly op: 'set' | 'duplicate'; readonly at: number; readonly which: number; readonly value: string }
  | { readonly op: 'add'; readonly at: number; readonly key: string; readonly value: string };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('drop' as const), at: fc.nat(), which: fc.nat() }),
  fc.record({
    op: fc.constantFrom('set' as const, 'duplicate' as const),
    at: fc.nat(),
    which: fc.nat(),
    value: fc.oneof({ weight: 4, arbitrary: weirdLeaf }, { weight: 1, arbitrary: nested('1') }),
  }),
  fc.record({ op: fc.constant('add' as const), at: fc.nat(), key, value: weirdLeaf }),
);

/** Every object in the tree, the message itself first. */
function objectsOf(node: Json): Json[] {
  if ('leaf' in node) return [];
  return [node, ...node.entries.flatMap(([, v]) => objectsOf(v))];
}

/** `node` with `target` (an object inside it) replaced by `next`. */
function replace(node: Json, target: Json, next: Json): Json {
  if (node === target) return next;
  if ('leaf' in node) return node;
  return { entries: node.entries.map(([k, v]) => [k, replace(v, target, next)] as const) };
}

function mutate(message: Json, m: Mutation): Json {
  const objects = objectsOf(message);
  const target = objects[m.at % objects.length]!;
  if ('leaf' in target) return message;
  const entries = [...target.entries];
  if (m.op === 'add') entries.push([m.key, leaf(m.value)]);
  else if (entries.length > 0) {
    const i = m.which % entries.length;
    if (m.op === 'drop') entries.splice(i, 1);
    else if (m.op === 'set') entries[i] = [entries[i]![0], leaf(m.value)];
    else entries.push([entries[i]![0], leaf(m.value)]);
  }
  return replace(message, target, { entries });
}

/** What the server's own schema would accept: such a frame is a real message, not an attack. */
function accepted(text: string): boolean {
  try {
    return ClientMessage.safeParse(JSON.parse(text)).success;
  } catch {
    return false;
  }
}

function holdsDangerousKey(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return Object.keys(value).some((k) => DANGEROUS_KEYS.includes(k)) || Object.values(value).some(holdsDangerousKey);
}

/**
 * Whether the message the server will see still has a dangerous key: judged on the parsed value,
 * not the text, because a later duplicate key replaces an earlier one (`{"gameId":{"__proto__":1},
 * "gameId":"x"}` parses to a plain, valid message).
 */
function parsesWithDangerousKey(text: string): boolean {
  try {
    return holdsDangerousKey(JSON.parse(text));
  } catch {
    return false;
  }
}

/** Valid messages with one to three things wrong with them. */
function mutatedMessages(target: Target): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom(...templates(target)), fc.array(mutation, { minLength: 1, maxLength: 3 }))
    .map(([message, mutations]) => render(mutations.reduce(mutate, message)))
    .filter((text) => parsesWithDangerousKey(text) || !accepted(text));
}

/** Text frames whose UTF-8 size sits around `limit`, in one- and two-byte characters. */
function nearLimit(limit: number): fc.Arbitrary<string> {
  return fc.tuple(fc.integer({ min: limit - 4, max: limit + 4 }), fc.boolean()).map(([bytes, wide]) => {
    const head = '{"type":"ping","id":1,"pad":"';
    const room = bytes - head.length - 2;
    const pad = wide ? 'é'.repeat(Math.floor(room / 2)) + 'x'.repeat(room % 2) : 'x'.repeat(room);
    return `${head}${pad}"}`;
  });
}

/** Byte sequences UTF-8 forbids: stray continuations, overlongs, surrogates, past U+10FFFF, cut short. */
const BAD_UTF8 = [
  [0x80],
  [0xff],
  [0xc0, 0x80],
  [0xe0, 0x80, 0x80],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xe2, 0x82],
];

const invalidUtf8: fc.Arbitrary<FuzzFrame> = fc
  .tuple(fc.constantFrom('', '{"type":"ping","id":1,"x":"', '{"type":"'), fc.constantFrom(...BAD_UTF8))
  .map(([prefix, bad]) => ({ textBytes: Uint8Array.from([...Buffer.from(prefix), ...bad, ...Buffer.from('"}')]) }));

/** Every kind of bad frame, weighted toward near misses of real messages. */
export function fuzzFrames(target: Target, maxFrameBytes: number): fc.Arbitrary<FuzzFrame> {
  const text = (arb: fc.Arbitrary<string>) => arb.map((t): FuzzFrame => ({ text: t }));
  return fc.oneof(
    { weight: 6, arbitrary: text(mutatedMessages(target)) },
    {
      weight: 2,
      arbitrary: text(
        fc
          .jsonValue()
          .map((v) => JSON.stringify(v))
          .filter((t) => !accepted(t)),
      ),
    },
    { weight: 1, arbitrary: text(fc.string({ unit: 'binary', maxLength: 64 }).filter((t) => !accepted(t))) },
    { weight: 1, arbitrary: text(nested('{"type":"ping","id":1}')) },
    { weight: 1, arbitrary: text(nested('0').map((n) => `{"type":${n}}`)) },
    { weight: 1, arbitrary: text(nearLimit(maxFrameBytes)) },
    { weight: 1, arbitrary: invalidUtf8 },
    {
      weight: 1,
      arbitrary: fc
        .oneof(fc.uint8Array({ maxLength: 64 }), fc.constant(Uint8Array.from(Buffer.from('{"type":"ping","id":1}'))))
        .map((bytes): FuzzFrame => ({ binary: bytes })),
    },
  );
}
