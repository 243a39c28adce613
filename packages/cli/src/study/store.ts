import { join } from 'node:path';
import { openJsonLines } from './json-lines.ts';
import { keyName, type StudyKey } from './key.ts';
import { isResult, resultPerDeal, type StudyResult, supersedes } from './results.ts';

/** A study's file: the results so far, and where the next ones go. */
export interface StudyFile {
  readonly path: string;
  readonly results: ReadonlyMap<number, StudyResult>;
  /**
   * Appends one result as a JSON line, written through at once so a kill loses at most that
   * line; it becomes the deal's result as it would on reading the file back (`supersedes`).
   */
  append(result: StudyResult): void;
  close(): void;
}

/** `DIR/KEY.jsonl` (the working file) and `DIR/KEY.jsonl.gz` (the committed copy). */
export function studyPaths(dir: string, key: StudyKey): { plain: string; packed: string } {
  const plain = join(dir, `${keyName(key)}.jsonl`);
  return { plain, packed: `${plain}.gz` };
}

/**
 * Opens the study file of `key` in `dir`, creating it if needed (`openJsonLines`: it resumes from
 * the working file, or from the committed `.gz` on a fresh clone, a torn last line cut off).
 */
export function openStudy(dir: string, key: StudyKey): StudyFile {
  const { plain, packed } = studyPaths(dir, key);
  const log = openJsonLines(plain, packed, isResult, 'a study result');
  const results = resultPerDeal(log.values);
  return {
    path: plain,
    results,
    append(result) {
      log.append(result);
      if (supersedes(result, results.get(result.index))) results.set(result.index, result);
    },
    close: () => log.close(),
  };
}
