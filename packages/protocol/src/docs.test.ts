import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { ClientMessage } from './client.ts';
import { documentedFrames, renderProtocolGuide, renderProtocolSchema } from './docs.ts';
import { GUIDE_PATH, SCHEMA_PATH } from './docs-path.ts';
import { buildProtocolSchema } from './docs-schema.ts';
import { headingsOf, Slugger } from './docs-slugs.ts';
import { ServerMessage } from './server.ts';

const schema = buildProtocolSchema();
const guide = renderProtocolGuide(schema);

const frames = (union: typeof ClientMessage | typeof ServerMessage) =>
  union.options.map((option) => ({ type: option.shape.type.value, fields: Object.keys(option.shape) }));

/** The text of the section under a heading, up to the next heading. */
function section(markdown: string, heading: string): string | undefined {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start < 0) return undefined;
  const end = markdown.indexOf('\n#', start + heading.length + 2);
  return markdown.slice(start, end < 0 ? undefined : end);
}

test('docs/protocol.md is generated from the schemas (pnpm --filter @scorpion/protocol run docs)', () => {
  expect(readFileSync(GUIDE_PATH, 'utf8')).toBe(guide);
});

test('docs/protocol.schema.json is generated from the schemas (pnpm --filter @scorpion/protocol run docs)', () => {
  // Compared as JSON: the formatter may wrap the committed file differently.
  expect(JSON.parse(readFileSync(SCHEMA_PATH, 'utf8'))).toEqual(JSON.parse(renderProtocolSchema(schema)));
});

test('every frame of either direction has its entry in the docs', () => {
  const types = (union: typeof ClientMessage | typeof ServerMessage) =>
    frames(union)
      .map((f) => f.type)
      .sort();
  expect([...documentedFrames.client].sort()).toEqual(types(ClientMessage));
  expect([...documentedFrames.server].sort()).toEqual(types(ServerMessage));
});

test('every frame has a section in the guide, headed by its type, with a row for each other field', () => {
  for (const frame of [...frames(ClientMessage), ...frames(ServerMessage)]) {
    const text = section(guide, `### \`${frame.type}\``);
    expect(text, frame.type).toBeDefined();
    const fields = frame.fields.filter((field) => field !== 'type');
    if (fields.length > 0) expect(text).toContain('| field | type | meaning |');
    for (const field of fields) expect(text, `${frame.type}.${field}`).toContain(`\n| \`${field}\` | `);
  }
});

test('every shape the schema file names is in the file, and every link of the guide lands on a heading', () => {
  const document = renderProtocolSchema(schema);
  for (const [, name] of document.matchAll(/"#\/\$defs\/([^"]+)"/g)) expect(schema.defs, name).toHaveProperty(name!);
  const slugger = new Slugger();
  const anchors = new Set(headingsOf(guide).map((heading) => slugger.slug(heading.text)));
  for (const [, anchor] of guide.matchAll(/\]\(#([^)]+)\)/g)) expect(anchors, anchor).toContain(anchor);
});

test('the guide states the safe-integer bounds once, in words, and never as figures', () => {
  expect(guide).toContain('safe range');
  expect(guide.replace(/,/g, '')).not.toContain(String(Number.MAX_SAFE_INTEGER));
});

/** Each row of the guide's tables of fields and of simple types whose meaning cell is empty, as `heading: field`. */
function rowsWithoutMeaning(markdown: string): string[] {
  const empty: string[] = [];
  let heading = '';
  let inTable = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('#')) heading = line;
    if (line === '| field | type | meaning |' || line === '| name | type | meaning |') inTable = true;
    else if (!line.startsWith('|')) inTable = false;
    else if (inTable && !line.startsWith('|---')) {
      // Split on the pipes that end cells, not on the escaped ones inside a type (`a \| b`).
      const cells = line.split(/(?<!\\)\|/).slice(1, -1);
      if (cells.at(-1)?.trim() === '') empty.push(`${heading}: ${cells[0]!.trim()}`);
    }
  }
  return empty;
}

test('every field of every frame, payload and shape says what it means', () => {
  expect(rowsWithoutMeaning('### `x`\n\n| field | type | meaning |\n|---|---|---|\n| `a` | int |  |\n')).toEqual([
    '### `x`: `a`',
  ]);
  expect(guide).toContain('| field | type | meaning |');
  expect(rowsWithoutMeaning(guide)).toEqual([]);
});
