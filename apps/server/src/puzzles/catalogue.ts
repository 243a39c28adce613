import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { type GameState, isVariantId, type Move } from '@scorpion/rules';
import { boardFromText, isDealPuzzles, type PuzzleKey } from '@scorpion/solver/puzzles';

/** One puzzle of the shipped data, as the server judges it: its position and its forced moves. */
export interface Puzzle {
  /** `KEY.deal.ply`, with `.bB` before the ply on the early deal's branch: stable across mining runs. */
  readonly id: string;
  readonly start: GameState;
  /** Secret until the puzzle is over for the player who has it. */
  readonly solution: readonly Move[];
  /** Legal moves of the first position that change it. */
  readonly legal: number;
  /** Solver nodes spent proving the other moves lost: the puzzle's effort. */
  readonly nodes: number;
}

/**
 * `scorpion+open`, `wasp+foundations+open`: a puzzle file's stem as a variant and options. A
 * `+games` at its end names the file of deals mined from public games (`scorpion puzzles mine
 * --games`): the same variant and options, its puzzles' ids apart from the study's.
 */
export function keyOfStem(stem: string): PuzzleKey | undefined {
  const [variant, ...flags] = stem.replace(/\+games$/, '').split('+');
  if (!variant || !isVariantId(variant) || flags.some((f) => f !== 'open' && f !== 'foundations')) return undefined;
  return { variant, options: { open: flags.includes('open'), foundations: flags.includes('foundations') } };
}

/** The puzzles of one file's text (the gunzipped `KEY.jsonl.gz`), in file order. */
export function parsePuzzleFile(stem: string, text: string): Puzzle[] {
  const key = keyOfStem(stem);
  if (!key) throw new Error(`${stem}: not a puzzle file's name`);
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line, at) => {
      const deal: unknown = JSON.parse(line);
      if (!isDealPuzzles(deal)) throw new Error(`${stem} line ${at + 1}: not a deal's puzzles`);
      return deal.puzzles.map((p) => ({
        id: [stem, deal.index, ...(p.branch === undefined ? [] : [`b${p.branch}`]), p.ply].join('.'),
        start: boardFromText(key, p.board),
        solution: p.solution,
        legal: p.legal,
        nodes: p.nodes,
      }));
    });
}

/** Every puzzle shipped in `dir` (`docs/puzzles/data`): the packed files, read once at start. */
export function loadPuzzles(dir: string): Puzzle[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl.gz'))
    .sort()
    .flatMap((name) =>
      parsePuzzleFile(name.slice(0, -'.jsonl.gz'.length), gunzipSync(readFileSync(join(dir, name))).toString('utf8')),
    );
}
