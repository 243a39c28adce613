import { closeSync, existsSync, mkdirSync, openSync, readFileSync, truncateSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * The values of a file of one JSON value per line, in order. A line that is not JSON or fails
 * `isValue` is an error naming its line (`what` says what it should have been), except a torn
 * last line: a process killed while appending leaves one, and `soundLength` (the bytes up to the
 * end of the last whole line) is where the next writer cuts it off.
 */
export function parseJsonLines<T>(
  text: string,
  isValue: (value: unknown) => value is T,
  what: string,
): { values: T[]; soundLength: number } {
  const values: T[] = [];
  const end = text.lastIndexOf('\n') + 1;
  text
    .slice(0, end)
    .split('\n')
    .forEach((line, at) => {
      if (line.trim() === '') return;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw new Error(`line ${at + 1} is not JSON`);
      }
      if (!isValue(value)) throw new Error(`line ${at + 1} is not ${what}`);
      values.push(value);
    });
  return { values, soundLength: Buffer.byteLength(text.slice(0, end)) };
}

/** An open file of JSON lines: what it held when opened, and where the next lines go. */
export interface JsonLinesLog<T> {
  readonly values: readonly T[];
  /** Appends one value as a JSON line, written through at once so a kill loses at most that line. */
  append(value: T): void;
  close(): void;
}

/**
 * Opens the working file `plain` for appending, creating it if needed. A run resumes from the
 * working file; a fresh clone has only the committed `packed` copy (gzip), which is unpacked
 * first, so a run goes on from the last committed sitting. A torn last line is cut off.
 */
export function openJsonLines<T>(
  plain: string,
  packed: string,
  isValue: (value: unknown) => value is T,
  what: string,
): JsonLinesLog<T> {
  mkdirSync(dirname(plain), { recursive: true });
  const text = existsSync(plain)
    ? readFileSync(plain, 'utf8')
    : existsSync(packed)
      ? gunzipSync(readFileSync(packed)).toString('utf8')
      : '';
  const parsed = parseJsonLines(text, isValue, what);
  if (!existsSync(plain)) {
    const fd = openSync(plain, 'w');
    writeSync(fd, Buffer.from(text).subarray(0, parsed.soundLength));
    closeSync(fd);
  } else truncateSync(plain, parsed.soundLength);
  const fd = openSync(plain, 'a');
  return {
    values: parsed.values,
    append: (value) => {
      writeSync(fd, `${JSON.stringify(value)}\n`);
    },
    close: () => closeSync(fd),
  };
}
