import type { WinRateStats } from '@scorpion/protocol';
import { VARIANTS } from '@scorpion/rules';
import { difficultyOf } from '@scorpion/solver';
import { keyName, type StudyKey } from './key.ts';
import type { StudyResult } from './results.ts';
import { quantile, wilson } from './stats.ts';

/** A variant's row of the win-rate table, from its study's results: the published figures. */
export type StudyRow = WinRateStats;

export function studyRow(key: StudyKey, results: Iterable<StudyResult>): StudyRow {
  const cards = 52 * VARIANTS[key.variant].decks;
  let won = 0;
  let lost = 0;
  let unknown = 0;
  let totalMs = 0;
  const times: number[] = [];
  const stars = [0, 0, 0, 0, 0];
  for (const r of results) {
    times.push(r.ms);
    totalMs += r.ms;
    if (r.result === 'win') {
      won++;
      stars[difficultyOf(r.nodes, r.solverMoves ?? r.line.length, cards).stars - 1]!++;
    } else if (r.result === 'loss') lost++;
    else unknown++;
  }
  const deals = times.length;
  times.sort((a, b) => a - b);
  return {
    key: keyName(key),
    deals,
    won,
    lost,
    unknown,
    rate: deals === 0 ? 0 : won / deals,
    low: wilson(won, deals).low,
    high: wilson(won + unknown, deals).high,
    medianMs: quantile(times, 0.5),
    p99Ms: quantile(times, 0.99),
    totalMs,
    stars,
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const int = (x: number) => (Number.isNaN(x) ? '–' : Math.round(x).toLocaleString('en-US'));

export const ROW_HEADER = [
  '| variant | deals | won | lost | unknown | win rate | 95% interval (unknowns both ways) | median ms | p99 ms |',
  '|---|---:|---:|---:|---:|---:|---|---:|---:|',
];

/** The row as a markdown table line. */
export function rowText(row: StudyRow): string {
  const cells = [
    row.key,
    int(row.deals),
    int(row.won),
    int(row.lost),
    int(row.unknown),
    pct(row.rate),
    `${pct(row.low)}–${pct(row.high)}`,
    int(row.medianMs),
    int(row.p99Ms),
  ];
  return `| ${cells.join(' | ')} |`;
}
