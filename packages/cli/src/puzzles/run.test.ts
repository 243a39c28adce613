import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { solve } from '@scorpion/solver';
import { afterAll, expect, it } from 'vitest';
import { parseStudy } from '../study/results.ts';
import { studyPaths } from '../study/store.ts';
import { runMine } from './run.ts';
import { openPuzzles, puzzlePaths } from './store.ts';

const root = join(import.meta.dirname, '../../../..');
const KEY = { variant: 'scorpion', options: { foundations: false, open: true } } as const;
const study = parseStudy(
  gunzipSync(readFileSync(studyPaths(join(root, 'docs/win-rates/data'), KEY).packed)).toString('utf8'),
).results;
const mine = { solve, limits: { nodes: 200_000, ms: 3_600_000, tableMegabytes: 8 }, maxMoves: 4, branches: true };
const dir = mkdtempSync(join(tmpdir(), 'puzzles-run-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('mines each won deal once, appending as it goes, and a second run goes on where the first stopped', () => {
  const won = [...study.values()].filter((r) => r.index < 12 && r.result === 'win').map((r) => r.index);
  const first = openPuzzles(dir, KEY);
  runMine({ key: KEY, study, deals: 6, file: first, mine, now: () => 0 });
  first.close();
  const second = openPuzzles(dir, KEY);
  expect([...second.deals.keys()]).toEqual(won.filter((index) => index < 6));
  const mined: number[] = [];
  runMine({ key: KEY, study, deals: 12, file: second, mine, now: () => 0, progress: () => mined.push(mined.length) });
  second.close();
  expect(mined).toHaveLength(won.filter((index) => index >= 6).length);
  // Deal 8's line deals the stock last; dealing it first opens a way with a puzzle on it.
  expect(second.deals.get(8)?.puzzles.some((puzzle) => puzzle.branch === 0)).toBe(true);
  const lines = readFileSync(puzzlePaths(dir, KEY).plain, 'utf8').trim().split('\n');
  expect(lines.map((line) => JSON.parse(line).index)).toEqual(won);
});
