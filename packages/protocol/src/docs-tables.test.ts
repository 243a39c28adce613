import { expect, test } from 'vitest';
import type { JsonSchema } from './docs-schema.ts';
import { schemaBody, typeText } from './docs-tables.ts';

const link = (name: string) => `[${name}](#${name.toLowerCase()})`;
const SAFE = Number.MAX_SAFE_INTEGER;

test('types read as words: the safe-integer range is left unsaid, narrower bounds are said', () => {
  expect(typeText({ type: 'integer', minimum: -SAFE, maximum: SAFE }, link)).toBe('int');
  expect(typeText({ type: 'integer', minimum: 0, maximum: SAFE }, link)).toBe('int ≥ 0');
  expect(typeText({ type: 'integer', minimum: 1, maximum: 100_000, default: 1 }, link)).toBe(
    'int 1–100,000, default `1`',
  );
  expect(typeText({ type: 'string', minLength: 1, maxLength: 64 }, link)).toBe('string 1–64 characters');
  expect(typeText({ type: ['string', 'null'] }, link)).toBe('string or null');
  expect(typeText({ anyOf: [{ $ref: '#/$defs/Seed' }, { type: 'null' }] }, link)).toBe('[Seed](#seed) or null');
  expect(typeText({ anyOf: [{ enum: ['left', 'ghost'] }, { type: 'null' }] }, link)).toBe(
    '`"left"`, `"ghost"` or null',
  );
  expect(typeText({ type: 'array', items: { $ref: '#/$defs/Move' }, maxItems: 12 }, link)).toBe(
    'list of [Move](#move), length ≤ 12',
  );
});

test('an object is a table whose nested objects are rows under their field; a union is a table of variants', () => {
  const room: JsonSchema = {
    type: 'object',
    properties: {
      code: { $ref: '#/$defs/RoomCode' },
      race: {
        anyOf: [
          {
            type: 'object',
            properties: { startsAt: { type: 'integer', description: 'When moves are allowed.' } },
            additionalProperties: false,
          },
          { type: 'null' },
        ],
      },
    },
    required: ['code', 'race'],
    additionalProperties: false,
  };
  expect(schemaBody(room, link)).toBe(
    [
      '| field | type | meaning |',
      '|---|---|---|',
      '| `code` | [RoomCode](#roomcode) |  |',
      '| `race` | object or null |  |',
      '| `race.startsAt` | int, optional | When moves are allowed. |',
    ].join('\n'),
  );
  const move: JsonSchema = {
    oneOf: [
      { type: 'object', properties: { kind: { const: 'deal' } } },
      { type: 'object', properties: { kind: { const: 'foundation' }, from: { type: 'integer', minimum: 0 } } },
    ],
  };
  expect(schemaBody(move, link)).toBe(
    [
      '| `kind` | other fields |',
      '|---|---|',
      '| `"deal"` | — |',
      '| `"foundation"` | `from` int ≥ 0, optional |',
    ].join('\n'),
  );
});
