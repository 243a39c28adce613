import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { renderProtocolDocs } from './docs.ts';
import { DOCS_PATH } from './docs-path.ts';

// The formatter may re-wrap the JSON blocks, so compare everything but whitespace.
const squeeze = (text: string) => text.replace(/\s+/g, '');

test('docs/protocol.md is generated from the schemas (pnpm --filter @scorpion/protocol docs)', () => {
  expect(squeeze(readFileSync(DOCS_PATH, 'utf8'))).toBe(squeeze(renderProtocolDocs()));
});
