import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dealFromSeed, newGame, replay, VARIANT_IDS, type VariantId } from '@scorpion/rules';
import { findCertifiedDeal, type SolveResult, solve } from '@scorpion/solver';

/*
 * The solver benchmark: `tsx bench/solver.ts [flags]`.
 *
 *   --deals N          classic (scorpion) deals to run, from the top of the seed file (default 1000)
 *   --other-deals M    deals of each other row (default 200): every other variant, and every
 *                      variant's first M seeds with the open option (all cards face up)
 *   --limit-ms T       per-deal limit for classic deals (default 10000)
 *   --other-limit-ms U per-deal limit for the other rows (default 10000)
 *   --budget-s S       wall-clock budget for the whole run (default 570): a share for the classic
 *                      deals, the rest shared by the other rows (what a row leaves unused goes to
 *                      the rows after it); deals not reached in a share are reported as not run,
 *                      so the run ends in about S seconds
 *   --classic-share F  the classic deals' share of the budget (default 0.75)
 *   --table-mb B       transposition table size (default 160)
 *   --quick            CI mode: 20 classic deals and 4 of each other variant, 2 s / 0.5 s limits
 *   --out FILE         write the Markdown report there (default bench/solver.md; none in --quick)
 *   --write-seeds      (re)write bench/solver-seeds.txt and stop
 *
 * One core: deals run one after another on this thread.
 */
const SEEDS_FILE = join(import.meta.dirname, 'solver-seeds.txt');
const OPTIONS = { foundations: false, open: false };

/** One line of the report: a variant, with or without the open option (every card face up). */
interface RowSpec {
  readonly variant: VariantId;
  readonly open: boolean;
}
// Every variant's open option too (the goal counts open deals of every variant), but Scorpion
// Tail's: it is Scorpion under another name.
const ROWS: readonly RowSpec[] = [
  ...VARIANT_IDS.map((variant) => ({ variant, open: false })),
  ...VARIANT_IDS.filter((variant) => variant !== 'scorpion-tail').map((variant) => ({ variant, open: true })),
];
const labelOf = (spec: RowSpec) => (spec.open ? `${spec.variant}, open` : spec.variant);

function flag(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}
function numberFlag(name: string, fallback: number): number {
  const value = flag(name);
  return value === undefined ? fallback : Number(value);
}

/** 1,000 classic seeds and 200 for every other variant, derived from fixed strings by SHA-256. */
function writeSeeds(): void {
  const lines = VARIANT_IDS.flatMap((variant) =>
    Array.from({ length: variant === 'scorpion' ? 1000 : 200 }, (_, i) => {
      const seed = createHash('sha256').update(`scorpion-race solver bench ${variant} ${i}`).digest('hex');
      return `${variant} ${seed.slice(0, 32)}`;
    }),
  );
  writeFileSync(SEEDS_FILE, `${lines.join('\n')}\n`);
}

function readSeeds(): Map<VariantId, string[]> {
  const seeds = new Map<VariantId, string[]>();
  for (const line of readFileSync(SEEDS_FILE, 'utf8').split('\n')) {
    const [variant, seed] = line.split(' ') as [VariantId, string];
    if (!seed) continue;
    seeds.set(variant, [...(seeds.get(variant) ?? []), seed]);
  }
  return seeds;
}

interface Row {
  readonly label: string;
  readonly limitMs: number;
  readonly planned: number;
  readonly results: SolveResult[];
  readonly badLines: number;
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** Wilson score interval for k successes in n trials, 95%. */
function wilson(k: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.96;
  const p = k / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const int = (x: number) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '–');

function runVariant(
  spec: RowSpec,
  seeds: readonly string[],
  limitMs: number,
  deadline: number,
  tableMegabytes: number,
): Row {
  const results: SolveResult[] = [];
  let badLines = 0;
  const { variant } = spec;
  const label = labelOf(spec);
  for (const seed of seeds) {
    if (performance.now() >= deadline) break;
    const start = newGame(variant, { ...OPTIONS, open: spec.open }, dealFromSeed(variant, seed));
    const ms = Math.min(limitMs, Math.max(1, deadline - performance.now()));
    const result = solve(start, { ms, tableMegabytes });
    if (result.result === 'unknown' && ms < limitMs) break;
    if (result.result === 'win') {
      const replayed = replay(start, result.line);
      if (!replayed.ok || replayed.status !== 'won') badLines++;
    }
    results.push(result);
    process.stderr.write(`\r${label} ${results.length}/${seeds.length}   `);
  }
  process.stderr.write('\n');
  return { label, limitMs, planned: seeds.length, results, badLines };
}

function rowLines(row: Row): { verdicts: string; effort: string } {
  const n = row.results.length;
  const count = (r: string) => row.results.filter((x) => x.result === r).length;
  const won = count('win');
  const lost = count('loss');
  const unknown = count('unknown');
  const [low, high] = wilson(won, n);
  const ms = row.results.map((r) => r.ms).sort((a, b) => a - b);
  const nodes = row.results.map((r) => r.nodes).sort((a, b) => a - b);
  const long = row.results.filter((r) => r.ms >= 50);
  const totalNodes = long.reduce((a, r) => a + r.nodes, 0);
  const totalMs = long.reduce((a, r) => a + r.ms, 0);
  const run = n === row.planned ? `${n}` : `${n} of ${row.planned}`;
  return {
    verdicts: `| ${row.label} | ${run} | ${row.limitMs / 1000} s | ${pct(won / n)} | ${pct(lost / n)} | ${pct(unknown / n)} | ${pct(won / n)} (${pct(low)}–${pct(high)}) | ${pct((won + unknown) / n)} | ${row.badLines} |`,
    effort: `| ${row.label} | ${int(quantile(ms, 0.5))} | ${int(quantile(ms, 0.9))} | ${int(quantile(ms, 0.99))} | ${int(quantile(nodes, 0.5))} | ${int(quantile(nodes, 0.9))} | ${int(quantile(nodes, 0.99))} | ${int(totalNodes / Math.max(1, totalMs / 1000))} |`,
  };
}

/** Daily certification as the server does it: candidates from a secret and a counter until one is proven. */
function certifyDays(days: number): number[] {
  const times: number[] = [];
  for (let day = 0; day < days; day++) {
    const seedAt = (counter: number) =>
      createHash('sha256').update(`bench daily secret ${day}:${counter}`).digest('hex').slice(0, 32);
    const start = performance.now();
    findCertifiedDeal({ variant: 'scorpion', options: OPTIONS, seedAt });
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

function main(): void {
  if (process.argv.includes('--write-seeds')) {
    writeSeeds();
    return;
  }
  const quick = process.argv.includes('--quick');
  const classicDeals = numberFlag('deals', quick ? 20 : 1000);
  const otherDeals = numberFlag('other-deals', quick ? 4 : 200);
  const classicMs = numberFlag('limit-ms', quick ? 2000 : 10_000);
  const otherMs = numberFlag('other-limit-ms', quick ? 500 : 10_000);
  const budgetS = numberFlag('budget-s', quick ? 120 : 570);
  const tableMegabytes = numberFlag('table-mb', 160);
  const classicShare = numberFlag('classic-share', 0.75);
  const out = flag('out') ?? (quick ? undefined : join(import.meta.dirname, 'solver.md'));

  const seeds = readSeeds();
  const began = performance.now();
  const days = certifyDays(quick ? 3 : 20);
  const isClassic = (spec: RowSpec) => spec.variant === 'scorpion' && !spec.open;
  const shares = new Map<RowSpec, number>(
    ROWS.map((spec) => [spec, isClassic(spec) ? classicShare : (1 - classicShare) / (ROWS.length - 1)]),
  );
  const rows = ROWS.map((spec) => {
    const count = isClassic(spec) ? classicDeals : otherDeals;
    const limit = isClassic(spec) ? classicMs : otherMs;
    const deadline = performance.now() + shares.get(spec)! * (budgetS * 1000 - (performance.now() - began));
    const row = runVariant(spec, (seeds.get(spec.variant) ?? []).slice(0, count), limit, deadline, tableMegabytes);
    shares.set(spec, 0);
    const left = [...shares.values()].reduce((a, b) => a + b, 0);
    for (const [v, share] of shares) if (share > 0) shares.set(v, share / left);
    return row;
  });
  const wallS = (performance.now() - began) / 1000;
  const peakMb = process.resourceUsage().maxRSS / 1024;

  const classic = rows[0]!;
  const decided = classic.results.filter((r) => r.result !== 'unknown').length;
  const lines = [
    '# Solver benchmark',
    '',
    `Command: \`pnpm exec tsx bench/solver.ts ${process.argv.slice(2).join(' ')}\`. One core (deals one after another on one`,
    `thread), ${int(tableMegabytes)} MB transposition table, Node ${process.version}, 2-core shared machine (other work was`,
    `running, so times are upper bounds). Seeds: \`bench/solver-seeds.txt\`. Wall time ${wallS.toFixed(0)} s;`,
    `peak memory (max RSS) ${peakMb.toFixed(0)} MB. Every winning line was replayed through the rules engine.`,
    '',
    '## Verdicts',
    '',
    'Win rate: share of deals proven won, with its 95% Wilson interval; "at most" adds the undecided deals.',
    'A row "V, open" plays the first seeds of V with every card face up (the open option).',
    '',
    '| variant | deals | limit | proven won | proven lost | unknown | win rate (95% CI) | at most | bad lines |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map((row) => rowLines(row).verdicts),
    '',
    '## Effort per deal',
    '',
    'Nodes per second over the deals that searched for 50 ms or more (shorter ones are dominated by setup).',
    '',
    '| variant | median ms | p90 ms | p99 ms | median nodes | p90 nodes | p99 nodes | nodes/s |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map((row) => rowLines(row).effort),
    '',
    '## Against the targets (classic deals)',
    '',
    `- Decided within ${classic.limitMs / 1000} s each: ${pct(decided / Math.max(1, classic.results.length))} (target ≥ 99.5%)`,
    `- Median time: ${int(
      quantile(
        classic.results.map((r) => r.ms).sort((a, b) => a - b),
        0.5,
      ),
    )} ms (target < 50 ms)`,
    `- Nodes per second: ${rowLines(classic).effort.split('|').at(-2)?.trim()} (target ≥ 2,000,000)`,
    `- Peak memory: ${peakMb.toFixed(0)} MB (target < 512 MB)`,
    `- Certifying a daily deal (candidates thrown away included), ${days.length} days: median ${int(quantile(days, 0.5))} ms, max ${int(days.at(-1) ?? Number.NaN)} ms (target < 1,000 ms)`,
    '',
  ];
  const report = lines.join('\n');
  if (out) writeFileSync(out, report);
  console.log(report);
}

main();
