import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dealFromSeed, newGame, replay, type VariantId } from '@scorpion/rules';
import { solve } from '../src/solve.ts';

/*
 * Verdicts by nodes (machine-independent): `tsx --conditions=source packages/solver/test/nodes-bench.ts
 * VARIANT [open] COUNT NODES [FIRST]` over the bench seeds (bench/solver-seeds.txt).
 */
const [variant, ...rest] = process.argv.slice(2) as [VariantId, ...string[]];
const open = rest[0] === 'open';
if (open) rest.shift();
const count = Number(rest[0] ?? 100);
const nodes = Number(rest[1] ?? 10_000_000);
const first = Number(rest[2] ?? 0);
const seeds = readFileSync(join(import.meta.dirname, '../../../bench/solver-seeds.txt'), 'utf8')
  .split('\n')
  .filter((line) => line.startsWith(`${variant} `))
  .map((line) => line.split(' ')[1]!)
  .slice(first, first + count);
const only = process.env.ONLY?.split(',').map(Number);
const tally = { win: 0, loss: 0, unknown: 0, bad: 0, nodes: 0, ms: 0 };
seeds.forEach((seed, i) => {
  if (only && !only.includes(first + i)) return;
  const start = newGame(variant, { foundations: false, open }, dealFromSeed(variant, seed));
  const r = solve(start, { nodes, ms: 1e9, tableMegabytes: 160 });
  tally[r.result]++;
  tally.nodes += r.nodes;
  tally.ms += r.ms;
  if (r.result === 'win' && !replay(start, r.line).ok) tally.bad++;
  console.log(`${first + i} ${seed} ${r.result} ${r.nodes} ${r.ms}`);
});
console.log(JSON.stringify(tally));
