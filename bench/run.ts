import { formatFigure, measurePlayouts } from './rules-playout.ts';

/**
 * `pnpm bench`: every benchmark in turn, printed as Markdown tables. Figures are medians on a
 * noisy shared machine: compare them as ratios, never as pass/fail.
 */
console.log('## Rules: random-playout throughput (one core)\n');
console.log('| engine | variant | moves/s | ns/move |\n|---|---|---|---|');
for (const engine of ['fast-board', 'immutable'] as const) {
  for (const variant of ['scorpion', 'three-blind-mice', 'double-scorpion'] as const) {
    console.log(formatFigure(measurePlayouts(engine, variant)));
  }
}
