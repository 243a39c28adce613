import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';
import { sourceFiles } from './test/source-files.ts';

/*
 * Small files with one job each: no file of the server's code passes 300 lines, its tests and
 * their helpers included. A file that grows past it holds two jobs by then, and is split where
 * they part (a test file's checking and playing helpers apart from its cases, its cases by what
 * they test). The drizzle schemas are the exception: each is one list of tables, the database's,
 * and reads best whole.
 */

const SRC = import.meta.dirname;
const MAX_LINES = 300;
const EXEMPT = new Set(['db/schema.ts', 'db/pg-schema.ts']);

/** Lines as an editor numbers them: a last line ending in a newline is not followed by another. */
function lineCount(text: string): number {
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

test(`no file of apps/server/src passes ${MAX_LINES} lines, tests included, the drizzle schemas aside`, () => {
  const files = sourceFiles(SRC, /\.(ts|mjs)$/).map((path) => relative(SRC, path).split('\\').join('/'));
  expect(files).toEqual(expect.arrayContaining(['arenas/service.ts', 'games/leak.test.ts', 'test/known-deals.mjs']));
  const over = files
    .filter((file) => !EXEMPT.has(file))
    .map((file) => ({ file, lines: lineCount(readFileSync(join(SRC, file), 'utf8')) }))
    .filter(({ lines }) => lines > MAX_LINES)
    .map(({ file, lines }) => `${file}: ${lines} lines`);
  expect(over).toEqual([]);
});
