import { fileURLToPath } from 'node:url';
import { type ZodType, z } from 'zod';
import * as arena from './arena.ts';
import * as cards from './cards.ts';
import * as client from './client.ts';
import * as dealDifficulty from './deal-difficulty.ts';
import * as devices from './devices.ts';
import { readSchemaComments, type SchemaComments } from './docs-comments.ts';
import { COMMON_FIELD_MEANINGS, FIELD_MEANINGS, SHAPE_MEANINGS } from './docs-meanings.ts';
import * as errors from './errors.ts';
import * as game from './game.ts';
import * as moderation from './moderation.ts';
import * as player from './player.ts';
import * as puzzleRace from './puzzle-race.ts';
import * as puzzleRush from './puzzle-rush.ts';
import * as puzzles from './puzzles.ts';
import * as requestId from './request-id.ts';
import * as rest from './rest.ts';
import * as server from './server.ts';
import * as watchedBoard from './watched-board.ts';

/** A node of the generated JSON Schema, as far as the guide reads it. */
export interface JsonSchema {
  /** One type, or several (`["string", "null"]` for a nullable string). */
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  $ref?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  description?: string;
  default?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  [other: string]: unknown;
}

/**
 * The modules that hold the wire's schemas; each exported schema is named after its export. A
 * module whose schemas others re-export or spread (`Player`, `watchedBoardFields`) is listed too,
 * so that the doc comments written there are read.
 */
const MODULES: Record<string, Record<string, unknown>> = {
  'cards.ts': cards,
  'player.ts': player,
  'deal-difficulty.ts': dealDifficulty,
  'watched-board.ts': watchedBoard,
  'errors.ts': errors,
  'game.ts': game,
  'request-id.ts': requestId,
  'client.ts': client,
  'server.ts': server,
  'rest.ts': rest,
  'devices.ts': devices,
  'moderation.ts': moderation,
  'arena.ts': arena,
  'puzzles.ts': puzzles,
  'puzzle-rush.ts': puzzleRush,
  'puzzle-race.ts': puzzleRace,
};

export interface ProtocolSchema {
  /** The machine-readable file: every named shape under `$defs`, a frame of either direction at the top. */
  readonly document: JsonSchema;
  /** `$defs`, by name. */
  readonly defs: Record<string, JsonSchema>;
  /** The name of a schema that has one. */
  nameOf(schema: ZodType): string | undefined;
  readonly comments: SchemaComments;
}

export const DEF_PREFIX = '#/$defs/';

/** Puts each field's comment on its property, through nested objects, unions and lists. */
function describeFields(node: JsonSchema, schema: string, path: readonly string[], comments: SchemaComments): void {
  for (const [field, child] of Object.entries(node.properties ?? {})) {
    const meaning =
      comments.lookup(schema, [...path, field]) ??
      FIELD_MEANINGS[[schema, ...path, field].join('.')] ??
      COMMON_FIELD_MEANINGS[field];
    if (meaning !== undefined && child.description === undefined) child.description = meaning;
    describeFields(child, schema, [...path, field], comments);
  }
  for (const child of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.items ? [node.items] : [])]) {
    describeFields(child, schema, path, comments);
  }
}

export function buildProtocolSchema(): ProtocolSchema {
  const files = Object.keys(MODULES).map((file) => fileURLToPath(new URL(`./${file}`, import.meta.url)));
  const comments = readSchemaComments(files);
  const registry = z.registry<{ id: string; description?: string }>();
  const names = new Map<ZodType, string>();
  for (const module of Object.values(MODULES)) {
    for (const [name, value] of Object.entries(module)) {
      if (!(value instanceof z.ZodType) || names.has(value)) continue;
      names.set(value, name);
      const description = value.description ?? comments.lookup(name, []) ?? SHAPE_MEANINGS[name];
      registry.add(value, description === undefined ? { id: name } : { id: name, description });
    }
  }
  const generated = z.toJSONSchema(registry, {
    metadata: registry,
    io: 'input',
    unrepresentable: 'any',
    uri: (id) => `${DEF_PREFIX}${id}`,
  });
  // A copy: the generator may share one object between places, and each place gets its own comment.
  const defs: Record<string, JsonSchema> = JSON.parse(JSON.stringify(generated.schemas));
  for (const [name, def] of Object.entries(defs)) {
    // A fragment `$id` is not valid inside `$defs`, and `$schema` belongs to the document alone.
    delete def.$id;
    delete def.$schema;
    describeFields(def, name, [], comments);
  }
  const document: JsonSchema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Scorpion Race protocol',
    description:
      'Every WebSocket frame (ClientMessage, ServerMessage) and REST payload of Scorpion Race, generated from the zod schemas of packages/protocol. docs/protocol.md is the guide to it.',
    anyOf: [{ $ref: `${DEF_PREFIX}ClientMessage` }, { $ref: `${DEF_PREFIX}ServerMessage` }],
    $defs: defs,
  };
  return { document, defs, nameOf: (schema) => names.get(schema), comments };
}
