import { readFileSync } from 'node:fs';
import { type AsyncAPIDocumentInterface, type Diagnostic, Parser } from '@asyncapi/parser';
import { beforeAll, expect, test } from 'vitest';
import { ClientMessage } from './client.ts';
import { renderAsyncApi } from './docs-asyncapi.ts';
import { ASYNCAPI_PATH } from './docs-path.ts';
import { buildProtocolSchema } from './docs-schema.ts';
import { ServerMessage } from './server.ts';

const committed = readFileSync(ASYNCAPI_PATH, 'utf8');
let document: AsyncAPIDocumentInterface | undefined;
let diagnostics: Diagnostic[];

// The parser validates against the AsyncAPI 3 JSON Schema and its rulesets: seconds on a busy machine.
beforeAll(async () => {
  ({ document, diagnostics } = await new Parser().parse(committed));
}, 120_000);

test('docs/asyncapi.json is generated from the schemas (pnpm --filter @scorpion/protocol run docs)', () => {
  // Compared as JSON: the formatter may wrap the committed file differently.
  expect(JSON.parse(committed)).toEqual(JSON.parse(renderAsyncApi(buildProtocolSchema())));
});

test('docs/asyncapi.json is a valid AsyncAPI 3 document, with a message for every frame type', () => {
  // Severity 0 is an error; warnings and hints (a missing contact, say) do not fail it.
  expect(diagnostics.filter((d) => d.severity === 0).map((d) => `${d.path.join('.')}: ${d.message}`)).toEqual([]);
  expect(document?.version()).toBe('3.0.0');
  const channel = document!.channels().get('socket')!;
  expect(channel.address()).toBe('/ws');
  const types = (union: typeof ClientMessage | typeof ServerMessage) =>
    union.options.map((option) => option.shape.type.value as string);
  const sent = document!
    .operations()
    .get('receiveClientFrames')!
    .messages()
    .all()
    .map((m) => m.name());
  const answered = document!
    .operations()
    .get('sendServerFrames')!
    .messages()
    .all()
    .map((m) => m.name());
  expect(sent.sort()).toEqual(types(ClientMessage).sort());
  expect(answered.sort()).toEqual(types(ServerMessage).sort());
});

test("a frame's payload in the document is its zod schema's: the move frame names its fields", () => {
  const move = document!
    .messages()
    .all()
    .find((m) => m.name() === 'move')!;
  const payload = move.payload()!;
  expect(Object.keys(payload.properties() ?? {})).toEqual(
    Object.keys(ClientMessage.options.find((o) => o.shape.type.value === 'move')!.shape),
  );
});
