import { dealFromSeed, type GameState, type Move, newGame } from '@scorpion/rules';
import { boardText, type MineOptions, minePuzzles, type StoredPuzzle } from '@scorpion/solver/puzzles';
import type { StudyKey } from '../study/key.ts';
import type { StudyResult } from '../study/results.ts';
import type { PuzzleFile } from './store.ts';

export interface MineRun {
  readonly key: StudyKey;
  /** The study's results: the won deals' lines are mined, in deal order. */
  readonly study: ReadonlyMap<number, StudyResult>;
  /** Deals 0 … deals − 1 of the study are mined; those already in the puzzle file are skipped. */
  readonly deals: number;
  readonly file: PuzzleFile;
  readonly mine: MineOptions;
  /** Called after each deal with the puzzles so far. */
  readonly progress?: (done: number, puzzles: number) => void;
  /** Milliseconds since some start, for the time per puzzle (injected: tests have no clock). */
  readonly now?: () => number;
}

/** Mines the won deals of a study not yet in the puzzle file, one at a time, appending each as it is done. */
export function runMine(run: MineRun): void {
  const now = run.now ?? (() => performance.now());
  let done = 0;
  let found = [...run.file.deals.values()].reduce((sum, deal) => sum + deal.puzzles.length, 0);
  for (let index = 0; index < run.deals; index++) {
    const result = run.study.get(index);
    if (result?.result !== 'win' || run.file.deals.has(index)) continue;
    const started = now();
    const start = newGame(run.key.variant, run.key.options, dealFromSeed(run.key.variant, result.seed));
    const puzzles = storedPuzzles(start, result.line, run.mine);
    run.file.append({ index, seed: result.seed, ms: Math.round(now() - started), puzzles });
    done++;
    found += puzzles.length;
    run.progress?.(done, found);
  }
}

/** The puzzles along a winning line from `start`, as the puzzle file keeps them (each position as text). */
export function storedPuzzles(start: GameState, line: readonly Move[], mine: MineOptions): StoredPuzzle[] {
  return minePuzzles(start, line, mine).map(({ ply, branch, start, solution, legal, nodes }) => ({
    ply,
    ...(branch === undefined ? {} : { branch }),
    board: boardText(start),
    solution,
    legal,
    nodes,
  }));
}
