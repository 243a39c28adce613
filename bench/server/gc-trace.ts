import { readFileSync } from 'node:fs';
import { percentile } from './stats.ts';

/**
 * What V8's `--trace-gc-nvp` says of one server's timed window: `ws-load.ts` writes the server's
 * output with the window (ms since it was spawned, which V8's clock follows within a few ms) to
 * `BENCH_SERVER_OUTPUT` when set.
 */
export interface GcFigures {
  readonly scavenges: number;
  readonly scavengeMs: number;
  readonly scavengeP99: number;
  readonly majors: number;
  readonly majorMs: number;
  /** Bytes moved to the old generation by the scavenges, in MB. */
  readonly promotedMb: number;
  /**
   * Bytes the program allocated, in MB: the sum of V8's `allocated` (since the collection
   * before) over the window's collections. Divided by the window's actions, the garbage an
   * action makes. Steadier than any time, but not blind to the machine: when acks wait for a
   * core, more is in flight and buffered (the same build gave 870–1460 MB in busy minutes).
   */
  readonly allocatedMb: number;
}

export function gcFigures(log: string): GcFigures {
  const [, from, to] = /^# window (\d+) (\d+)/.exec(log) ?? [];
  const start = Number(from ?? 0);
  const end = Number(to ?? Number.POSITIVE_INFINITY);
  const scavenges: number[] = [];
  const majors: number[] = [];
  let promoted = 0;
  let allocated = 0;
  for (const line of log.split('\n')) {
    const m = /\s(\d+) ms: pause=([\d.]+) .*?gc=(\w+)/.exec(line);
    if (!m || Number(m[1]) < start || Number(m[1]) > end) continue;
    const pause = Number(m[2]);
    allocated += Number(/ allocated=(\d+)/.exec(line)?.[1] ?? 0);
    if (m[3] === 's') {
      scavenges.push(pause);
      promoted += Number(/ promoted=(\d+)/.exec(line)?.[1] ?? 0);
    } else majors.push(pause);
  }
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    scavenges: scavenges.length,
    scavengeMs: sum(scavenges),
    scavengeP99: scavenges.length > 0 ? percentile(scavenges, 99) : 0,
    majors: majors.length,
    majorMs: sum(majors),
    promotedMb: promoted / 1e6,
    allocatedMb: allocated / 1e6,
  };
}

/** `node --import tsx bench/server/gc-trace.ts FILE…`: one line per server log. */
if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(
    '| log | scavenges | scavenge ms | scavenge p99 ms | major GCs | major ms | promoted MB | allocated MB |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const file of process.argv.slice(2)) {
    const f = gcFigures(readFileSync(file, 'utf8'));
    console.log(
      `| ${file.split('/').pop()} | ${f.scavenges} | ${f.scavengeMs.toFixed(0)} | ${f.scavengeP99.toFixed(1)} | ${f.majors} | ${f.majorMs.toFixed(0)} | ${f.promotedMb.toFixed(1)} | ${f.allocatedMb.toFixed(0)} |`,
    );
  }
}
