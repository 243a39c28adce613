import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { applyMove } from '@scorpion/rules';
import { allFaceUp } from '@scorpion/solver/puzzles';
import { expect, test } from 'vitest';
import { keyOfStem, loadPuzzles, parsePuzzleFile } from './catalogue.ts';

test('a file stem names a variant and its options; anything else is refused', () => {
  expect(keyOfStem('scorpion+open')).toEqual({ variant: 'scorpion', options: { open: true, foundations: false } });
  expect(keyOfStem('wasp+foundations+open')).toEqual({ variant: 'wasp', options: { open: true, foundations: true } });
  expect(keyOfStem('scorpion+games')).toEqual({ variant: 'scorpion', options: { open: false, foundations: false } });
  expect(keyOfStem('chess')).toBeUndefined();
  expect(keyOfStem('scorpion+games+open')).toBeUndefined();
  expect(keyOfStem('scorpion+fast')).toBeUndefined();
  expect(() => parsePuzzleFile('scorpion+open', '{"index":1}\n')).toThrow('line 1');
});

test('the shipped puzzles load: unique ids, every position face up, every line legal', () => {
  const puzzles = loadPuzzles(join(import.meta.dirname, '../../../../docs/puzzles/data'));
  expect(puzzles.length).toBeGreaterThan(1000);
  expect(new Set(puzzles.map((p) => p.id)).size).toBe(puzzles.length);
  for (const puzzle of puzzles) {
    expect(allFaceUp(puzzle.start)).toBe(true);
    let state = puzzle.start;
    for (const move of puzzle.solution) {
      const played = applyMove(state, move);
      expect(played.ok).toBe(true);
      if (played.ok) state = played.state;
    }
  }
});

test("a file of public games' deals loads beside the study's, its puzzles' ids apart from theirs", () => {
  const study = gunzipSync(
    readFileSync(join(import.meta.dirname, '../../../../docs/puzzles/data/scorpion+open.jsonl.gz')),
  ).toString('utf8');
  const deal = study
    .split('\n')
    .map((line) => JSON.parse(line || 'null'))
    .find((d) => d?.puzzles.length > 0);
  // The same deal as the first game of the games file mined it (deal 0 there).
  const games = `${JSON.stringify({ ...deal, index: 0, seed: 'deck:…' })}\n`;
  const [fromGames] = parsePuzzleFile('scorpion+open+games', games);
  const fromStudy = parsePuzzleFile('scorpion+open', `${JSON.stringify(deal)}\n`)[0]!;
  expect(fromGames!.id).toBe(`scorpion+open+games.0.${fromStudy.id.split('.').slice(2).join('.')}`);
  expect(fromGames!.start).toEqual(fromStudy.start);
});
