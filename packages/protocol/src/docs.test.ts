import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { ClientMessage } from './client.ts';
import { documentedFrames, renderProtocolDocs } from './docs.ts';
import { DOCS_PATH } from './docs-path.ts';
import { ServerMessage } from './server.ts';

// The formatter may re-wrap the JSON blocks, so compare everything but whitespace.
const squeeze = (text: string) => text.replace(/\s+/g, '');

test('docs/protocol.md is generated from the schemas (pnpm --filter @scorpion/protocol run docs)', () => {
  expect(squeeze(readFileSync(DOCS_PATH, 'utf8'))).toBe(squeeze(renderProtocolDocs()));
});

test('every frame of either direction has its entry in the docs', () => {
  const types = (union: { options: readonly { shape: { type: { value: string } } }[] }) =>
    union.options.map((option) => option.shape.type.value).sort();
  expect([...documentedFrames.client].sort()).toEqual(types(ClientMessage));
  expect([...documentedFrames.server].sort()).toEqual(types(ServerMessage));
});
