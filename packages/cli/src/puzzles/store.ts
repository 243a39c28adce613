import { join } from 'node:path';
import { type DealPuzzles, isDealPuzzles } from '@scorpion/solver/puzzles';
import { openJsonLines } from '../study/json-lines.ts';
import { keyName, parseKeyName, type StudyKey } from '../study/key.ts';

/** Where puzzle files live unless `--dir` says otherwise (from the repository's root, where pnpm runs). */
export const DEFAULT_PUZZLE_DIR = 'docs/puzzles/data';

/**
 * Where a file's deals come from: a win-rate study's seeded deals (`KEY`), or the won games of
 * the site's public exports (`KEY+games`), each deal once however many won it.
 */
export type PuzzleSource = 'study' | 'games';

/** A puzzle file's stem: `scorpion+open`, `scorpion+games`. */
export function puzzleStem(key: StudyKey, source: PuzzleSource): string {
  return source === 'games' ? `${keyName(key)}+games` : keyName(key);
}

/** The variant, options and source a stem names, or undefined for a stem that is not one. */
export function parsePuzzleStem(stem: string): { key: StudyKey; source: PuzzleSource } | undefined {
  const games = stem.endsWith('+games');
  const key = parseKeyName(games ? stem.slice(0, -'+games'.length) : stem);
  return key && { key, source: games ? 'games' : 'study' };
}

/** `DIR/STEM.jsonl` (the miner's working file) and `DIR/STEM.jsonl.gz` (the committed copy). */
export function puzzlePaths(
  dir: string,
  key: StudyKey,
  source: PuzzleSource = 'study',
): { plain: string; packed: string } {
  const plain = join(dir, `${puzzleStem(key, source)}.jsonl`);
  return { plain, packed: `${plain}.gz` };
}

/** A variant's puzzle file: the deals mined so far, and where the next go. */
export interface PuzzleFile {
  readonly deals: ReadonlyMap<number, DealPuzzles>;
  append(deal: DealPuzzles): void;
  close(): void;
}

export function openPuzzles(dir: string, key: StudyKey, source: PuzzleSource = 'study'): PuzzleFile {
  const { plain, packed } = puzzlePaths(dir, key, source);
  const log = openJsonLines(plain, packed, isDealPuzzles, "a deal's puzzles");
  const deals = new Map(log.values.map((deal) => [deal.index, deal]));
  return {
    deals,
    append(deal) {
      log.append(deal);
      deals.set(deal.index, deal);
    },
    close: () => log.close(),
  };
}
