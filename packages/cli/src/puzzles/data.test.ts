import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parseDeck, VARIANTS } from '@scorpion/rules';
import { solve } from '@scorpion/solver';
import {
  allFaceUp,
  boardFromText,
  checkPuzzle,
  FIRST_MOVE_CHOICES,
  isDealPuzzles,
  realMoves,
} from '@scorpion/solver/puzzles';
import { describe, expect, it } from 'vitest';
import { PUZZLE_MAX_MOVES, PUZZLE_NODES } from '../commands/puzzles.ts';
import { parseJsonLines } from '../study/json-lines.ts';
import { studySeed } from '../study/seeds.ts';
import { parsePuzzleStem } from './store.ts';

const dir = join(import.meta.dirname, '../../../../docs/puzzles/data');
const files = readdirSync(dir).filter((name) => name.endsWith('.jsonl.gz'));
/**
 * Puzzles checked again by the solver here, per file: a fixed sample spread evenly over the
 * file (the same every run), so late deals are checked as well as early ones. Every puzzle is
 * checked by `scorpion puzzles pack`, which writes the files; here the files are checked to be
 * what it wrote, and a sample solved again.
 */
const SAMPLE = 6;

/** The `count` puzzles at even steps through `all`, first and last included. */
const spread = <T>(all: readonly T[], count: number): T[] =>
  all.length <= count
    ? [...all]
    : Array.from({ length: count }, (_, i) => all[Math.round((i * (all.length - 1)) / (count - 1))]!);

describe.each(files)('the shipped %s', (name) => {
  const { key, source } = parsePuzzleStem(name.replace('.jsonl.gz', ''))!;
  const text = gunzipSync(readFileSync(join(dir, name))).toString('utf8');
  const deals = parseJsonLines(text, isDealPuzzles, "a deal's puzzles").values;
  const puzzles = deals.flatMap((deal) => deal.puzzles);

  it("holds its deals in order, each puzzle's position all face up with its choices", () => {
    expect(key).toBeDefined();
    expect(deals.map((d) => d.index)).toEqual([...deals.map((d) => d.index)].sort((a, b) => a - b));
    // A study's deal is its seed; a public game's, its deck (each deal once).
    if (source === 'study') for (const deal of deals) expect(deal.seed).toBe(studySeed(key.variant, deal.index));
    else {
      for (const deal of deals)
        expect(parseDeck(deal.seed.replace(/^deck:/, '').split(' '), VARIANTS[key.variant].decks)).toBeInstanceOf(
          Array,
        );
      expect(new Set(deals.map((deal) => deal.seed)).size).toBe(deals.length);
    }
    for (const puzzle of puzzles) {
      const start = boardFromText(key, puzzle.board);
      expect(allFaceUp(start)).toBe(true);
      expect(realMoves(start)).toHaveLength(puzzle.legal);
      expect(puzzle.legal).toBeGreaterThanOrEqual(FIRST_MOVE_CHOICES);
      expect(puzzle.solution.length).toBeGreaterThanOrEqual(1);
      expect(puzzle.solution.length).toBeLessThanOrEqual(PUZZLE_MAX_MOVES);
    }
  });

  it(`has the only winning moves it claims (${SAMPLE} puzzles spread over the file solved again)`, () => {
    const limits = { nodes: PUZZLE_NODES, ms: 3_600_000, tableMegabytes: 32 };
    for (const puzzle of spread(puzzles, SAMPLE)) expect(checkPuzzle(key, puzzle, solve, limits)).toBeUndefined();
  });
});
