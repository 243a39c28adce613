import { dealFromSeed } from '@scorpion/rules';
import type { Limits, SolverPool } from '@scorpion/solver';
import type { StudyKey } from './key.ts';
import { progressText } from './progress.ts';
import type { StudyResult } from './results.ts';
import { type StudyRow, studyRow } from './row.ts';
import { studySeed } from './seeds.ts';
import type { StudyFile } from './store.ts';

export interface StudyRun {
  readonly key: StudyKey;
  /** Deals 0 … deals − 1 make the row; those already in the file are skipped. */
  readonly deals: number;
  /** Solve again the deals whose verdict is unknown (with these limits, larger ones presumably). */
  readonly retryUnknown?: boolean;
  readonly limits: Limits;
  readonly file: StudyFile;
  readonly pool: Pick<SolverPool, 'solveDeal'>;
  /** How many deals are in flight at once: the pool's threads, so none waits idle. */
  readonly parallel: number;
  /** Called after each result with the running estimate's text; `final` once at the end. */
  readonly progress?: (text: string, final: boolean) => void;
  /** Milliseconds since some start, for the deals per second (injected: tests have no clock). */
  readonly now?: () => number;
}

/**
 * Solves the deals of a study not yet in its file, `parallel` at a time on the pool, appending
 * each result as it comes (in whatever order the threads finish), and returns the row of the
 * first `deals` deals.
 */
export async function runStudy(run: StudyRun): Promise<StudyRow> {
  const { key, deals, limits, file, pool, parallel } = run;
  const now = run.now ?? (() => performance.now());
  const todo: number[] = [];
  const due = (index: number) => {
    const earlier = file.results.get(index);
    return earlier === undefined || (run.retryUnknown === true && earlier.result === 'unknown');
  };
  for (let index = 0; index < deals; index++) if (due(index)) todo.push(index);
  const row = () =>
    studyRow(
      key,
      [...file.results.values()].filter((r) => r.index < deals),
    );
  const first = row();
  const tally = { key: first.key, deals: first.deals, won: first.won, unknown: first.unknown };
  const count = (r: StudyResult, sign: 1 | -1) => {
    tally.deals += sign;
    if (r.result === 'win') tally.won += sign;
    if (r.result === 'unknown') tally.unknown += sign;
  };
  const started = now();
  let solved = 0;
  const report = (final: boolean) => {
    const seconds = (now() - started) / 1000;
    run.progress?.(progressText(tally, deals, seconds > 0 ? solved / seconds : 0), final);
  };

  let next = 0;
  async function lane(): Promise<void> {
    while (next < todo.length) {
      const index = todo[next++]!;
      const seed = studySeed(key.variant, index);
      const verdict = await pool.solveDeal(key.variant, key.options, dealFromSeed(key.variant, seed), limits);
      const earlier = file.results.get(index);
      file.append({ index, seed, ...verdict });
      solved++;
      if (earlier) count(earlier, -1);
      count(file.results.get(index)!, 1);
      report(false);
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, lane));
  report(true);
  return row();
}
