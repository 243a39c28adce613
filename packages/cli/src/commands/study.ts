import { availableParallelism } from 'node:os';
import { isVariantId, VARIANT_IDS } from '@scorpion/rules';
import { createSolverPool, DEFAULT_LIMITS } from '@scorpion/solver';
import { type Args, type FlagSpec, numberFlag, stringFlag, UsageError } from '../args.ts';
import type { StudyKey } from '../study/key.ts';
import { ROW_HEADER, rowText } from '../study/row.ts';
import { runStudy } from '../study/run.ts';
import { openStudy } from '../study/store.ts';

export const STUDY_FLAGS: FlagSpec = {
  variant: { type: 'string' },
  deals: { type: 'string' },
  foundations: { type: 'boolean' },
  open: { type: 'boolean' },
  workers: { type: 'string' },
  'limit-ms': { type: 'string' },
  'limit-nodes': { type: 'string' },
  dir: { type: 'string' },
  progress: { type: 'boolean' },
  'retry-unknown': { type: 'boolean' },
};

/** Where study files live unless `--dir` says otherwise (from the repository's root, where pnpm runs). */
export const DEFAULT_STUDY_DIR = 'docs/win-rates/data';

export interface StudyIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** Whether stderr is a terminal: a bar redrawn in place, or plain lines otherwise. */
  readonly tty: boolean;
}

function positiveInteger(args: Args, name: string, fallback?: number): number {
  const value = numberFlag(args, name) ?? fallback;
  if (value === undefined) throw new UsageError(`--${name} is required`);
  if (!Number.isInteger(value) || value < 1) throw new UsageError(`--${name} takes a whole number of at least 1`);
  return value;
}

/**
 * `scorpion study --variant V --deals N [--open] [--foundations] [--workers W] [--limit-ms T]
 * [--limit-nodes N] [--dir D] [--progress] [--retry-unknown]`: solves deals 0 … N − 1 of the
 * variant on W solver threads (every core by default), skipping those already in `D/KEY.jsonl`
 * (except, with `--retry-unknown`, those left unknown: a larger `--limit-ms` may decide them), and
 * prints the row.
 */
export async function studyCommand(args: Args, io: StudyIo): Promise<number> {
  const variant = stringFlag(args, 'variant') ?? 'scorpion';
  if (!isVariantId(variant)) throw new UsageError(`unknown variant ${variant}; one of ${VARIANT_IDS.join(', ')}`);
  const key: StudyKey = {
    variant,
    options: { foundations: args.flags.has('foundations'), open: args.flags.has('open') },
  };
  const deals = positiveInteger(args, 'deals');
  const workers = positiveInteger(args, 'workers', availableParallelism());
  const limits = {
    ms: numberFlag(args, 'limit-ms') ?? DEFAULT_LIMITS.ms,
    nodes: numberFlag(args, 'limit-nodes') ?? DEFAULT_LIMITS.nodes,
  };
  const bar = io.tty || args.flags.has('progress');
  // Plain lines (a log, a pipe) come at each 1% of the deals, not at every deal.
  const every = Math.max(1, Math.floor(deals / 100));
  let calls = 0;
  let printed = '';
  const progress = (text: string, final: boolean) => {
    calls++;
    // Redrawn in place; ESC [K clears what a longer line before it left behind.
    if (bar) io.err(`\r${text}\x1b[K${final ? '\n' : ''}`);
    else if ((final && text !== printed) || (!final && calls % every === 0)) {
      io.err(`${text}\n`);
      printed = text;
    }
  };

  const file = openStudy(stringFlag(args, 'dir') ?? DEFAULT_STUDY_DIR, key);
  const pool = createSolverPool({ threads: workers });
  try {
    const retryUnknown = args.flags.has('retry-unknown');
    const row = await runStudy({ key, deals, limits, file, pool, parallel: workers, progress, retryUnknown });
    io.out(`${[...ROW_HEADER, rowText(row)].join('\n')}\n`);
    return 0;
  } finally {
    file.close();
    await pool.close();
  }
}
