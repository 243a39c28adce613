import { dealFromSeed } from '@scorpion/rules';
import type { Limits, SolverPool } from '@scorpion/solver';
import type { StudyKey } from './key.ts';
import { progressText } from './progress.ts';
import { type StudyRow, studyRow } from './row.ts';
import { studySeed } from './seeds.ts';
import type { StudyFile } from './store.ts';

export interface StudyRun {
  readonly key: StudyKey;
  /** Deals 0 … deals − 1 make the row; those already in the file are skipped. */
  readonly deals: number;
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
  for (let index = 0; index < deals; index++) if (!file.results.has(index)) todo.push(index);
  const row = () =>
    studyRow(
      key,
      [...file.results.values()].filter((r) => r.index < deals),
    );
  const first = row();
  const tally = { key: first.key, deals: first.deals, won: first.won, unknown: first.unknown };
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
      file.append({ index, seed, ...verdict });
      solved++;
      tally.deals++;
      if (verdict.result === 'win') tally.won++;
      if (verdict.result === 'unknown') tally.unknown++;
      report(false);
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, lane));
  report(true);
  return row();
}
