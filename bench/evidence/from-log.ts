import { readFileSync } from 'node:fs';
import { perGameTable, runningTable, type WeighedRow } from './summary.ts';

/*
 * The bench's tables from the lines a `--verbose` run printed (`tsx bench/evidence/from-log.ts
 * FILE [--players P --days D]`): what a long run on a loaded machine measured by the time it was
 * stopped, every game it finished counted and none made up.
 */
const [file] = process.argv.slice(2);
if (!file) throw new Error('usage: from-log.ts FILE [--players P --days D]');
const flag = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const LINE = /^(\d+) (\w+) won=(true|false) moves=\d+ score=(-?[\d.]+) decisive=(\d+)(?: agreed=(\d+))? (\d+) ms$/;
const rows: WeighedRow[] = [];
for (const line of readFileSync(file, 'utf8').split('\n')) {
  const m = LINE.exec(line.trim());
  if (!m) continue;
  const decisive = Number(m[5]);
  rows.push({
    kind: m[2]!,
    won: m[3] === 'true',
    score: Number(m[4]),
    decisive,
    mattered: decisive,
    agreed: Number(m[6] ?? 0),
    ms: Number(m[7]),
  });
}
const kinds = [...new Set(rows.map((r) => r.kind))];
// Only whole rounds: a game index every bot finished.
const games = Math.min(...kinds.map((k) => rows.filter((r) => r.kind === k).length));
const counted = kinds.flatMap((k) => rows.filter((r) => r.kind === k).slice(0, games));
console.log(
  [
    ...perGameTable(counted, kinds, games),
    ...runningTable(counted, kinds, flag('players', 200), flag('days', 10)),
  ].join('\n'),
);
