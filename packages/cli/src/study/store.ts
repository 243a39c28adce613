import { closeSync, existsSync, mkdirSync, openSync, readFileSync, truncateSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { keyName, type StudyKey } from './key.ts';
import { parseStudy, type StudyResult, supersedes } from './results.ts';

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
 * Opens the study file of `key` in `dir`, creating it if needed. A study resumes from the
 * working file; a fresh clone has only the committed `.gz`, which is unpacked first, so a
 * study goes on from the last committed sitting. A torn last line (a kill mid-append) is cut off.
 */
export function openStudy(dir: string, key: StudyKey): StudyFile {
  mkdirSync(dir, { recursive: true });
  const { plain, packed } = studyPaths(dir, key);
  const text = existsSync(plain)
    ? readFileSync(plain, 'utf8')
    : existsSync(packed)
      ? gunzipSync(readFileSync(packed)).toString('utf8')
      : '';
  const parsed = parseStudy(text);
  if (!existsSync(plain)) openAndWrite(plain, Buffer.from(text).subarray(0, parsed.soundLength));
  else truncateSync(plain, parsed.soundLength);
  const fd = openSync(plain, 'a');
  const results = new Map(parsed.results);
  return {
    path: plain,
    results,
    append(result) {
      writeSync(fd, `${JSON.stringify(result)}\n`);
      if (supersedes(result, results.get(result.index))) results.set(result.index, result);
    },
    close: () => closeSync(fd),
  };
}

function openAndWrite(path: string, bytes: Uint8Array): void {
  const fd = openSync(path, 'w');
  writeSync(fd, bytes);
  closeSync(fd);
}
