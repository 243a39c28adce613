import type { Move } from '@scorpion/rules';
import { parseJsonLines } from './json-lines.ts';

/**
 * One deal's line in a study file. A win keeps its line (anyone can replay it through the
 * rules); a loss keeps what its proof cost (the solver re-proves it by searching as far again);
 * an unknown keeps the limit it hit.
 */
export type StudyResult = {
  /** The deal's number: its seed is `studySeed(variant, index)`. */
  readonly index: number;
  readonly seed: string;
  readonly nodes: number;
  readonly ms: number;
} & (
  | {
      readonly result: 'win';
      /** A winning line, shortened from the search's (`shortenLine`). */
      readonly line: readonly Move[];
      /** Length of the line the search found, which the difficulty rating reads. */
      readonly solverMoves?: number;
    }
  | { readonly result: 'loss' }
  | { readonly result: 'unknown'; readonly reason: 'node-limit' | 'time-limit' }
);

export function isResult(value: unknown): value is StudyResult {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  const common =
    Number.isInteger(r.index) && typeof r.seed === 'string' && typeof r.nodes === 'number' && typeof r.ms === 'number';
  if (!common) return false;
  if (r.result === 'win') return Array.isArray(r.line);
  if (r.result === 'unknown') return r.reason === 'node-limit' || r.reason === 'time-limit';
  return r.result === 'loss';
}

/** Whether `next` is the deal's result rather than `earlier`: the first one, or a verdict after an unknown. */
export function supersedes(next: StudyResult, earlier: StudyResult | undefined): boolean {
  return earlier === undefined || (earlier.result === 'unknown' && next.result !== 'unknown');
}

export interface ParsedStudy {
  /**
   * One result per deal: the first verdict, except that a later win or loss replaces an unknown
   * (`study --retry-unknown` solves those again with more time; a proof outranks "gave up").
   */
  readonly results: ReadonlyMap<number, StudyResult>;
  /**
   * Length of the text up to the end of its last whole line: a process killed while appending
   * leaves a torn last line, which the next run cuts off before it appends.
   */
  readonly soundLength: number;
}

/** Reads a study file's text; a line that is not a result is an error, except a torn last line. */
export function parseStudy(text: string): ParsedStudy {
  const { values, soundLength } = parseJsonLines(text, isResult, 'a study result');
  return { results: resultPerDeal(values), soundLength };
}

/** Each deal's result among `values` in file order, as `supersedes` picks it. */
export function resultPerDeal(values: Iterable<StudyResult>): Map<number, StudyResult> {
  const results = new Map<number, StudyResult>();
  for (const value of values) if (supersedes(value, results.get(value.index))) results.set(value.index, value);
  return results;
}
