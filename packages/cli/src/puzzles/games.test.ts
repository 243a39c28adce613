import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { solve } from '@scorpion/solver';
import { afterAll, expect, it } from 'vitest';
import { readExport, runGamesMine } from './games.ts';
import { openPuzzles, puzzlePaths } from './store.ts';
import { exported, KEY, LINE, SHIPPED_PUZZLES } from './test-games.ts';

const mine = { solve, limits: { nodes: 200_000, ms: 3_600_000, tableMegabytes: 8 }, maxMoves: 4, branches: true };
const dir = mkdtempSync(join(tmpdir(), 'puzzles-games-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const EXPORT = [
  exported('ann', LINE),
  exported('ben', LINE.slice(0, 20), 'gave-up'),
  exported('cat', [...LINE.slice(0, 3), { kind: 'move', from: 0, row: 0, to: 0 }]),
  exported('dan', LINE.slice(0, 30)),
  'not json',
  'null',
  exported('eve', LINE),
].join('\n');

it('reads the won games of an export, and names each line that is not a won game whose moves replay to a win', () => {
  const read = readExport(EXPORT);
  expect(read.notWon).toBe(1);
  expect(read.refused).toEqual([
    expect.stringMatching(/^line 3: move 4 of 4 is illegal: /),
    'line 4: said won, but its moves end playing',
    'line 5: not JSON',
    'line 6: a record is a JSON object',
  ]);
  expect(read.won.map((game) => game.line.length)).toEqual([LINE.length, LINE.length]);
  expect(read.won[0]!.deal).toBe(read.won[1]!.deal);
  expect(read.won[0]!.key).toEqual(KEY);
});

it("mines a won game's moves into the `+games` file, each deal once however many won it, and goes on where it stopped", () => {
  const { won: games } = readExport(EXPORT);
  const first = openPuzzles(dir, KEY, 'games');
  expect(runGamesMine(games, first, mine, () => 0)).toBe(1);
  first.close();
  // The same moves as the study's line: the same puzzles as the study's miner found on it.
  const again = openPuzzles(dir, KEY, 'games');
  expect([...again.deals.values()]).toEqual([{ index: 0, seed: games[0]!.deal, ms: 0, puzzles: SHIPPED_PUZZLES }]);
  expect(SHIPPED_PUZZLES.length).toBeGreaterThan(0);
  expect(runGamesMine(games, again, mine, () => 0)).toBe(0);
  again.close();
  expect(
    readFileSync(puzzlePaths(dir, KEY, 'games').plain, 'utf8')
      .trim()
      .split('\n'),
  ).toHaveLength(1);
  expect(puzzlePaths(dir, KEY, 'games').plain).toBe(join(dir, 'scorpion+open+games.jsonl'));
});
