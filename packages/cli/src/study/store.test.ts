import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, expect, it } from 'vitest';
import { openStudy, studyPaths } from './store.ts';

const KEY = { variant: 'scorpion', options: { foundations: false, open: true } } as const;
const line = (index: number) => `${JSON.stringify({ index, seed: 'ab', result: 'loss', nodes: 5, ms: 0 })}\n`;
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'study-store-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it('cuts a torn last line off before it appends', () => {
  const dir = tempDir();
  const { plain } = studyPaths(dir, KEY);
  expect(plain).toBe(join(dir, 'scorpion+open.jsonl'));
  writeFileSync(plain, `${line(0)}{"index":1,"se`);
  const file = openStudy(dir, KEY);
  expect([...file.results.keys()]).toEqual([0]);
  file.append({ index: 1, seed: 'ab', result: 'loss', nodes: 5, ms: 0 });
  file.close();
  expect(readFileSync(plain, 'utf8')).toBe(line(0) + line(1));
});

it('starts from the committed .gz when there is no working file', () => {
  const dir = tempDir();
  const { plain, packed } = studyPaths(dir, KEY);
  writeFileSync(packed, gzipSync(line(0) + line(1)));
  const file = openStudy(dir, KEY);
  file.close();
  expect([...file.results.keys()]).toEqual([0, 1]);
  expect(readFileSync(plain, 'utf8')).toBe(line(0) + line(1));
});
