import { readFileSync } from 'node:fs';
import { dealFromSeed, newGame, replay, type VariantId } from '@scorpion/rules';
import { solve } from '../src/solve.ts';

/*
 * Verdicts by nodes for a list of seeds: `tsx --conditions=source packages/solver/test/seeds-bench.ts
 * FILE NODES`, FILE holding lines `VARIANT OPTIONS SEED [LABEL]` (a win-rates study's unknowns,
 * say), OPTIONS being `closed`, `open`, `foundations` or `open+foundations`. Prints one line per
 * deal and a tally, with nodes/s over the whole run.
 */
const [file, budget] = process.argv.slice(2) as [string, string];
const nodes = Number(budget ?? 10_000_000);
const tally = { win: 0, loss: 0, unknown: 0, bad: 0, nodes: 0, ms: 0 };
for (const line of readFileSync(file, 'utf8').split('\n')) {
  const [variant, open, seed, label] = line.split(' ') as [VariantId, string, string, string | undefined];
  if (!seed) continue;
  const options = { foundations: open.includes('foundations'), open: open.split('+').includes('open') };
  const start = newGame(variant, options, dealFromSeed(variant, seed));
  const r = solve(start, { nodes, ms: 1e9, tableMegabytes: 160 });
  tally[r.result]++;
  tally.nodes += r.nodes;
  tally.ms += r.ms;
  if (r.result === 'win' && !replay(start, r.line).ok) tally.bad++;
  console.log(`${variant} ${open} ${seed} ${label ?? ''} ${r.result} ${r.nodes} ${r.ms}`);
}
console.log(JSON.stringify({ ...tally, nodesPerSecond: Math.round((tally.nodes / tally.ms) * 1000) }));
