import { parseRecord, replay } from '@scorpion/rules';
import { DEFAULT_LIMITS, type Limits, type SolveResult, solve } from '@scorpion/solver';
import { type Args, type FlagSpec, numberFlag } from '../args.ts';
import { illegalMoveText } from '../illegal-move.ts';
import { parseJsonLine } from '../io.ts';

export const SOLVE_FLAGS: FlagSpec = {
  'limit-nodes': { type: 'string' },
  'limit-ms': { type: 'string' },
  progress: { type: 'boolean' },
};

/** The limits from `--limit-nodes N` and `--limit-ms T` (the solver's defaults otherwise). */
export function limitsOf(args: Args): Limits {
  return {
    nodes: numberFlag(args, 'limit-nodes') ?? DEFAULT_LIMITS.nodes,
    ms: numberFlag(args, 'limit-ms') ?? DEFAULT_LIMITS.ms,
  };
}

export type SolvedLine = { readonly json: string } & (
  | { readonly ok: true; readonly result: SolveResult['result'] }
  | { readonly ok: false }
);

/**
 * One record in, one JSON line out: the verdict for the position after the record's moves,
 * `{"result":…,"line":[…],"nodes":N,"ms":T}`, or `{"error":…}` for a line that is not a
 * playable record (including one whose moves are not all legal).
 */
export function solveLine(line: string, limits: Limits): SolvedLine {
  const input = parseJsonLine(line);
  if (!input.ok) return { json: JSON.stringify({ error: input.error }), ok: false };
  const parsed = parseRecord(input.value);
  if (!parsed.ok) return { json: JSON.stringify({ error: parsed.error }), ok: false };
  const played = replay(parsed.start, parsed.record.moves);
  if (!played.ok) {
    const error = illegalMoveText(played.illegalAt, parsed.record.moves.length, played.reason);
    return { json: JSON.stringify({ error }), ok: false };
  }
  const verdict = solve(played.state, limits);
  return { json: JSON.stringify(verdict), ok: true, result: verdict.result };
}

const BAR = 24;

/** `solve [##########--------------] 12/40 · win 3 · loss 8 · unknown 1 · error 0` */
export function progressLine(done: number, total: number, tally: Readonly<Record<string, number>>): string {
  const filled = total === 0 ? BAR : Math.round((done / total) * BAR);
  const counts = ['win', 'loss', 'unknown', 'error'].map((k) => `${k} ${tally[k] ?? 0}`).join(' · ');
  return `solve [${'#'.repeat(filled)}${'-'.repeat(BAR - filled)}] ${done}/${total} · ${counts}`;
}

/**
 * `scorpion solve [--limit-nodes N] [--limit-ms T] [--progress]` over a batch of records.
 * The batch is read whole first so the progress bar (on stderr, when it is a terminal or with
 * `--progress`) knows its length; results are written as each record is decided.
 * Returns the exit status: 1 when any line was not a playable record.
 */
export function solveBatch(
  lines: readonly string[],
  args: Args,
  out: (text: string) => void,
  progress: ((text: string) => void) | undefined,
): number {
  const limits = limitsOf(args);
  const tally: Record<string, number> = {};
  let status = 0;
  lines.forEach((line, i) => {
    const solved = solveLine(line, limits);
    const key = solved.ok ? solved.result : 'error';
    tally[key] = (tally[key] ?? 0) + 1;
    if (!solved.ok) status = 1;
    out(`${solved.json}\n`);
    progress?.(`\r${progressLine(i + 1, lines.length, tally)}`);
  });
  progress?.('\n');
  return status;
}
