import { join } from 'node:path';
import { type DealPuzzles, isDealPuzzles } from '@scorpion/solver/puzzles';
import { openJsonLines } from '../study/json-lines.ts';
import { keyName, type StudyKey } from '../study/key.ts';

/** Where puzzle files live unless `--dir` says otherwise (from the repository's root, where pnpm runs). */
export const DEFAULT_PUZZLE_DIR = 'docs/puzzles/data';

/** `DIR/KEY.jsonl` (the miner's working file) and `DIR/KEY.jsonl.gz` (the committed copy). */
export function puzzlePaths(dir: string, key: StudyKey): { plain: string; packed: string } {
  const plain = join(dir, `${keyName(key)}.jsonl`);
  return { plain, packed: `${plain}.gz` };
}

/** A variant's puzzle file: the deals mined so far, and where the next go. */
export interface PuzzleFile {
  readonly deals: ReadonlyMap<number, DealPuzzles>;
  append(deal: DealPuzzles): void;
  close(): void;
}

export function openPuzzles(dir: string, key: StudyKey): PuzzleFile {
  const { plain, packed } = puzzlePaths(dir, key);
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
